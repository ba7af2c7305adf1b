import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildUser } from '../../../../test/helpers/factories.js';
import { useSmtpTestApp } from '../../../../test/helpers/smtp.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock, MINUTE } from '#core/clock.js';

const clock = fixedClock('2026-11-25T10:00:00Z');
const { t, smtp, mailTo } = useSmtpTestApp({ clock });

const RESET_LINK = /\/app\/passwort-neu\?token=([A-Za-z0-9_-]+)/;
/** The token of the `count`-th reset mail to `to`, waiting for it to arrive. */
const resetToken = async (to: string, count = 1) => RESET_LINK.exec((await mailTo(to, RESET_LINK, count)).text)![1]!;

const ask = (email: string) => request(t.app).post('/api/auth/password-reset').send({ email });
const confirm = (token: string, new_password: string) => request(t.app).post('/api/auth/password-reset/confirm').send({ token, new_password });
const login = (email: string, password: string) => request(t.app).post('/api/auth/login').send({ email, password });

describe('password reset', () => {
  it('mails a link; the link sets the password, ends every session, confirms the address and logs in; it works once', async () => {
    const user = await buildUser(t.ctx, { email: 'vergessen@example.de', email_verified_at: null });
    const oldSession = agentAs(t, user);
    await oldSession.get('/api/auth/me').expect(200);

    const answer = await ask('Vergessen@Example.de ').expect(202);
    expect(answer.body.message).toContain('Wenn es ein Konto mit dieser Adresse gibt');
    const token = await resetToken('vergessen@example.de');
    const mail = smtp.received.find((m) => m.to.includes('vergessen@example.de'));
    expect(mail?.subject).toBe('Pfotenbuch: Neues Passwort festlegen');
    expect(mail?.text).toContain('eine Stunde gültig');
    // Only the hash is stored.
    const rows = await t.ctx.db.selectFrom('password_resets').select('token_hash').where('user_id', '=', user.id).execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(token);

    const done = await confirm(token, 'ganz-neues-passwort').expect(200);
    expect(done.body.email).toBe('vergessen@example.de');
    expect(done.body.email_verified).toBe(true);
    const cookie = done.headers['set-cookie'];
    expect(String(cookie)).toContain('session=');
    await request(t.app).get('/api/auth/me').set('Cookie', cookie!).expect(200);
    await oldSession.get('/api/auth/me').expect(401);
    await login('vergessen@example.de', user.password).expect(401);
    await login('vergessen@example.de', 'ganz-neues-passwort').expect(200);

    const again = await confirm(token, 'noch-ein-passwort').expect(400);
    expect(again.body.error.code).toBe('token_invalid');
    await login('vergessen@example.de', 'ganz-neues-passwort').expect(200);
  });

  it('answers an unknown address the same way and sends nothing', async () => {
    const before = smtp.received.length;
    const known = await buildUser(t.ctx, { email: 'bekannt@example.de' });
    const a = await ask('niemand@example.de').expect(202);
    const b = await ask(known.email).expect(202);
    expect(a.body).toEqual(b.body);
    await resetToken(known.email);
    expect(smtp.received.slice(before).every((m) => !m.to.includes('niemand@example.de'))).toBe(true);
  });

  it('voids older links with a newer request, and refuses an expired one without changing anything', async () => {
    const user = await buildUser(t.ctx, { email: 'zweimal@example.de' });
    await ask(user.email).expect(202);
    const first = await resetToken(user.email, 1);
    await ask(user.email).expect(202);
    const second = await resetToken(user.email, 2);
    expect((await confirm(first, 'erstes-passwort').expect(400)).body.error.code).toBe('token_invalid');

    clock.advance(61 * MINUTE);
    expect((await confirm(second, 'zweites-passwort').expect(400)).body.error.code).toBe('token_invalid');
    await login(user.email, user.password).expect(200);
  });

  it('refuses made-up tokens, tokens of deleted accounts and short passwords; nothing changes', async () => {
    expect((await confirm('ausgedachter-token-123', 'ganz-neues-passwort').expect(400)).body.error.code).toBe('token_invalid');
    const user = await buildUser(t.ctx, { email: 'geloescht@example.de' });
    await ask(user.email).expect(202);
    const token = await resetToken(user.email);
    await confirm(token, 'kurz').expect(400); // the password rule, before the token is used
    await t.ctx.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect((await confirm(token, 'ganz-neues-passwort').expect(400)).body.error.code).toBe('token_invalid');
    await ask('keine-adresse').expect(400);
  });

  it('sends at most 5 links an hour for one account, whatever the client address', async () => {
    const user = await buildUser(t.ctx, { email: 'fleissig@example.de' });
    for (let i = 0; i < 7; i++) await ask(user.email).expect(202);
    await resetToken(user.email, 5);
    await t.ctx.mail.sendDue();
    expect(smtp.received.filter((m) => m.to.includes(user.email))).toHaveLength(5);
  });
});

describe('password reset rate limit', () => {
  const limited = useTestApp({ env: { TRUST_PROXY: '1', RATE_LIMITS_ENABLED: 'true' } });

  it('answers the 6th request of an hour from one address with 429; another address still gets 202', async () => {
    const from = (ip: string) => request(limited.app).post('/api/auth/password-reset').set('X-Forwarded-For', ip).send({ email: 'x@example.de' });
    for (let i = 0; i < 5; i++) await from('203.0.113.5').expect(202);
    await from('203.0.113.5').expect(429);
    await from('203.0.113.6').expect(202);
  });
});
