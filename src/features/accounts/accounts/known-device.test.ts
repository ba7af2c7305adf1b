import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '#core/clock.js';
import { buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

// Issue 16: five wrong passwords from anywhere must not lock the owner out of the browsers they use.
const clock = fixedClock('2026-11-24T10:00:00.000Z');
const t = useTestApp({ clock });

const login = (email: string, password: string, cookie?: string) => {
  const req = request(t.app).post('/api/auth/login').send({ email, password });
  return cookie ? req.set('Cookie', cookie) : req;
};

/** Logs in once and returns the known-device cookie the answer set. */
async function knownDevice(email: string, password: string): Promise<string> {
  const res = await login(email, password).expect(200);
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const device = cookies.find((c) => c.startsWith('device='));
  expect(device).toMatch(/HttpOnly/);
  expect(device).toMatch(/SameSite=Lax/);
  return device!.split(';')[0]!;
}

const lockoutMails = (email: string) =>
  t.ctx.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body'])
    .where('to_address', '=', email)
    .where('subject', 'like', '%falsche Passwörter%')
    .execute();

describe('known devices and the lockout', () => {
  it('let the owner’s known browser log in while the account is locked for everyone else', async () => {
    const user = await buildUser(t.ctx);
    const device = await knownDevice(user.email, user.password);
    for (let i = 0; i < 5; i++) await login(user.email, 'falsch-falsch').expect(401);
    await login(user.email, user.password).expect(429);
    const res = await login(user.email, user.password, device).expect(200);
    expect(res.body.id).toBe(user.id);
    // the attacker's count stays: the owner's success cleared only the device's own failures
    await login(user.email, user.password).expect(429);
  });

  it('still counts a known browser’s own failures: five of them lock it too', async () => {
    const user = await buildUser(t.ctx);
    const device = await knownDevice(user.email, user.password);
    for (let i = 0; i < 5; i++) await login(user.email, 'falsch-falsch', device).expect(401);
    const locked = await login(user.email, user.password, device).expect(429);
    expect(locked.body.error.code).toBe('login_locked');
  });

  it('accept only a cookie signed for this account: forged, altered or another account’s cookies count as unknown', async () => {
    const owner = await buildUser(t.ctx);
    const other = await buildUser(t.ctx);
    const othersDevice = await knownDevice(other.email, other.password);
    const ownDevice = await knownDevice(owner.email, owner.password);
    for (let i = 0; i < 5; i++) await login(owner.email, 'falsch-falsch').expect(401);
    const [, id, deviceId, signature] = /^device=(\d+)\.([^.]+)\.(.+)$/.exec(decodeURIComponent(ownDevice))!;
    const forged = [
      othersDevice,
      `device=${id}.${deviceId}.${signature!.slice(0, -2)}AA`,
      `device=${id}.AAAAAAAAAAAAAAAAAAAAAA.${signature}`,
      `device=${other.id}.${deviceId}.${signature}`,
      'device=kaputt',
    ];
    for (const cookie of forged) await login(owner.email, owner.password, cookie).expect(429);
    await login(owner.email, owner.password, ownDevice).expect(200);
  });

  it('mails the owner once when a lockout starts, in German, and never for an unknown email', async () => {
    const user = await buildUser(t.ctx, { name: 'Mia' });
    for (let i = 0; i < 8; i++) await login(user.email, 'falsch-falsch').expect(i < 5 ? 401 : 429);
    const mails = await lockoutMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toMatch(/^Hallo Mia,/);
    expect(mails[0]!.text_body).toContain('Auf deinen bekannten Geräten kannst du dich weiter anmelden.');
    for (let i = 0; i < 6; i++) await login('gibt-es-nicht@example.de', 'falsch-falsch');
    expect(await lockoutMails('gibt-es-nicht@example.de')).toEqual([]);
  });

  it('guard password change and account deletion the same way: a known browser is not locked by others', async () => {
    const user = await buildUser(t.ctx);
    const device = await knownDevice(user.email, user.password);
    const session = (await login(user.email, user.password, device).expect(200)).headers['set-cookie']![0]!.split(';')[0]!;
    for (let i = 0; i < 5; i++) await login(user.email, 'falsch-falsch').expect(401);
    await request(t.app)
      .post('/api/me/password')
      .set('Cookie', [session, device].join('; '))
      .send({ current_password: user.password, new_password: 'ganz-neues-passwort' })
      .expect(204);
    // without the device cookie the same session is locked out of the check
    const fresh = (await login(user.email, 'ganz-neues-passwort', device).expect(200)).headers['set-cookie']![0]!.split(';')[0]!;
    await request(t.app).delete('/api/me').set('Cookie', fresh).send({ password: 'ganz-neues-passwort' }).expect(429);
  });
});
