import { generate } from 'otplib';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { fixedClock, HOUR } from '#core/clock.js';
import { buildAdmin, buildUser, DEFAULT_PASSWORD, sessionCookie, type BuiltUser } from '../../../../test/helpers/factories.js';
import type { Doc } from '../../../../test/helpers/openapi-doc.js';
import { SoftAuthenticator } from '../../../../test/helpers/soft-authenticator.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

const clock = fixedClock('2026-11-20T10:00:10Z');
const t = useTestApp({ clock });
const ORIGIN = 'http://127.0.0.1';

const plain = (user: BuiltUser) => request.agent(t.app).set('Cookie', sessionCookie(t.ctx, user, { raised: false }));
const cookieOf = (res: request.Response, name: string) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];
const mailsTo = (email: string) => t.ctx.db.selectFrom('mail_outbox').select('subject').where('to_address', '=', email).execute();
const codeAt = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) + offsetSeconds });

async function withPasskey(user: BuiltUser) {
  const agent = plain(user);
  const authenticator = new SoftAuthenticator(ORIGIN);
  const options = (await agent.post('/api/me/passkeys/options').send({ password: DEFAULT_PASSWORD }).expect(200)).body;
  expect(options.rp.id).toBe('127.0.0.1');
  expect(options.authenticatorSelection.residentKey).toBe('required');
  const saved = (
    await agent
      .post('/api/me/passkeys')
      .send({ response: authenticator.register(options), name: 'Handy' })
      .expect(201)
  ).body;
  return { agent, authenticator, saved };
}

async function passkeyLogin(authenticator: SoftAuthenticator, how: { forge?: boolean } = {}) {
  const options = (await request(t.app).post('/api/auth/passkey/options').expect(200)).body;
  return {
    options,
    res: await request(t.app)
      .post('/api/auth/passkey')
      .send({ response: authenticator.assert(options, how) }),
  };
}

async function withTotp(user: BuiltUser) {
  const agent = plain(user);
  const setup = (await agent.post('/api/me/totp').send({ password: DEFAULT_PASSWORD }).expect(200)).body;
  expect(setup.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
  const confirmed = await agent
    .post('/api/me/totp/confirm')
    .send({ code: await codeAt(setup.secret) })
    .expect(200);
  clock.advance(60_000); // past the confirming code's step, and the step before now is unused
  return { secret: setup.secret as string, codes: confirmed.body.recovery_codes as string[], raisedCookie: cookieOf(confirmed, 'session')! };
}

describe('passkeys', () => {
  it('adding one needs a session and the password', async () => {
    await request(t.app).post('/api/me/passkeys/options').send({ password: DEFAULT_PASSWORD }).expect(401);
    const user = await buildUser(t.ctx);
    const wrong = await plain(user).post('/api/me/passkeys/options').send({ password: 'falsch-falsch' }).expect(403);
    expect(wrong.body.error.code).toBe('wrong_password');
  });

  it('registers, lists, renames, logs in without an e-mail address, and is removed', async () => {
    const user = await buildUser(t.ctx);
    const { agent, authenticator, saved } = await withPasskey(user);
    expect(saved).toMatchObject({ name: 'Handy', last_used_at: null });
    expect((await agent.get('/api/me/passkeys').expect(200)).body.items).toHaveLength(1);
    await agent.patch(`/api/me/passkeys/${saved.id}`).send({ name: 'Laptop' }).expect(200);
    expect((await mailsTo(user.email)).map((m) => m.subject)).toEqual([expect.stringContaining('Änderung an deiner Anmeldung')]);

    const { res } = await passkeyLogin(authenticator);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
    const session = cookieOf(res, 'session')!;
    const me = await request(t.app).get('/api/me/second-factor').set('Cookie', session).expect(200);
    expect(me.body.raised_until).not.toBeNull();
    const list = (await agent.get('/api/me/passkeys').expect(200)).body.items;
    expect(list[0]).toMatchObject({ name: 'Laptop', last_used_at: clock.now().toISOString() });

    const stranger = await buildUser(t.ctx);
    await plain(stranger).delete(`/api/me/passkeys/${saved.id}`).expect(403);
    await agent.delete(`/api/me/passkeys/${saved.id}`).expect(204);
    await agent.delete(`/api/me/passkeys/${saved.id}`).expect(404);
    expect(await mailsTo(user.email)).toHaveLength(2);
    expect((await passkeyLogin(authenticator)).res.status).toBe(401);
    const log = (await agent.get('/api/me/security-log').expect(200)).body.items.map((e: { kind: string }) => e.kind);
    expect(log).toEqual(['passkey_removed', 'sign_in', 'passkey_added']);
  });

  it('refuses a forged, a replayed and a cloned (counter backwards) assertion with 401', async () => {
    const user = await buildUser(t.ctx);
    const { authenticator } = await withPasskey(user);
    expect((await passkeyLogin(authenticator, { forge: true })).res.status).toBe(401);
    const { options, res } = await passkeyLogin(authenticator);
    expect(res.status).toBe(200);
    authenticator.counter -= 1; // the same answer again, for the used challenge
    const replay = await request(t.app)
      .post('/api/auth/passkey')
      .send({ response: authenticator.assert(options) });
    expect(replay.status).toBe(401);
    authenticator.counter = 0; // a copy of the key that has counted less
    expect((await passkeyLogin(authenticator)).res.status).toBe(401);
  });

  it('counts failed passkey logins in the lockout', async () => {
    const user = await buildUser(t.ctx);
    const { authenticator } = await withPasskey(user);
    for (let n = 0; n < 5; n++) expect((await passkeyLogin(authenticator, { forge: true })).res.status).toBe(401);
    expect((await passkeyLogin(authenticator)).res.status).toBe(429);
    const password = await request(t.app).post('/api/auth/login').send({ email: user.email, password: DEFAULT_PASSWORD });
    expect(password.status).toBe(429);
    expect(password.body.error.code).toBe('login_locked');
    await t.ctx.db.deleteFrom('login_failures').where('email', '=', user.email).execute();
  });
});

describe('TOTP', () => {
  it('the login asks for the second step; a code of this or the previous step works, a reused one does not', async () => {
    const user = await buildUser(t.ctx);
    const { secret } = await withTotp(user);
    const login = async () => {
      const res = await request(t.app).post('/api/auth/login').send({ email: user.email, password: DEFAULT_PASSWORD }).expect(200);
      expect(res.body).toEqual({ second_factor_required: true });
      expect(cookieOf(res, 'session')).toBeUndefined();
      return cookieOf(res, 'zweiter_schritt')!;
    };
    const pending = await login();
    const previous = await codeAt(secret, -30);
    const first = await request(t.app).post('/api/auth/login/second-factor').set('Cookie', pending).send({ code: previous }).expect(200);
    expect(first.body.id).toBe(user.id);
    expect(cookieOf(first, 'session')).toBeDefined();
    const again = await request(t.app)
      .post('/api/auth/login/second-factor')
      .set('Cookie', await login())
      .send({ code: previous });
    expect(again.status).toBe(401);
    const current = await request(t.app)
      .post('/api/auth/login/second-factor')
      .set('Cookie', await login())
      .send({ code: await codeAt(secret) });
    expect(current.status).toBe(200);
    await request(t.app)
      .post('/api/auth/login/second-factor')
      .send({ code: await codeAt(secret) })
      .expect(401);
    await t.ctx.db.deleteFrom('login_failures').where('email', '=', user.email).execute();
  });

  it('recovery codes: ten, each works once', async () => {
    const user = await buildUser(t.ctx);
    const { codes } = await withTotp(user);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await t.ctx.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', user.id).execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(codes[0]);
    const agent = plain(user);
    await agent.post('/api/auth/step-up').send({ code: codes[0] }).expect(204);
    expect((await agent.post('/api/auth/step-up').send({ code: codes[0] })).status).toBe(422);
    expect((await agent.get('/api/me/second-factor').expect(200)).body.recovery_codes_left).toBe(9);
  });

  it('switching off needs the password and a code', async () => {
    const user = await buildUser(t.ctx);
    const { secret } = await withTotp(user);
    const agent = plain(user);
    expect((await agent.delete('/api/me/totp').send({ password: 'falsch-falsch', code: await codeAt(secret) })).status).toBe(403);
    expect((await agent.delete('/api/me/totp').send({ password: DEFAULT_PASSWORD, code: '000000' })).status).toBe(422);
    await agent
      .delete('/api/me/totp')
      .send({ password: DEFAULT_PASSWORD, code: await codeAt(secret) })
      .expect(204);
    const res = await request(t.app).post('/api/auth/login').send({ email: user.email, password: DEFAULT_PASSWORD }).expect(200);
    expect(res.body.id).toBe(user.id);
    expect((await mailsTo(user.email)).length).toBe(2);
  });

  it('until the second step, every route that needs a session answers 401', async () => {
    const user = await buildUser(t.ctx);
    await withTotp(user);
    const res = await request(t.app).post('/api/auth/login').send({ email: user.email, password: DEFAULT_PASSWORD }).expect(200);
    const pending = cookieOf(res, 'zweiter_schritt')!;
    const doc = (await request(t.app).get('/api/openapi.json').expect(200)).body as Doc & { paths: Record<string, Record<string, { security?: unknown[] }>> };
    let walked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        if (!op.security || op.security.length === 0) continue; // public
        const url = path.replace(/\{[^}]+\}/g, '1');
        const answer = await request(t.app)[method as 'get'](url).set('Cookie', pending).send({});
        expect([401, 403], `${method} ${path}`).toContain(answer.status);
        walked++;
      }
    }
    expect(walked).toBeGreaterThan(100);
  });

  it('the second step has its own limit (wrong codes per address) besides the lockout', async () => {
    const { RATE_LIMITS } = await import('#core/http/guards/rate-limit.js');
    expect(RATE_LIMITS.secondFactor).toMatchObject({ key: 'ip', onlyFailures: true });
    const user = await buildUser(t.ctx);
    await withTotp(user);
    const res = await request(t.app).post('/api/auth/login').send({ email: user.email, password: DEFAULT_PASSWORD }).expect(200);
    const pending = cookieOf(res, 'zweiter_schritt')!;
    for (let n = 0; n < 4; n++) await request(t.app).post('/api/auth/login/second-factor').set('Cookie', pending).send({ code: '000000' }).expect(401);
    const locked = await request(t.app).post('/api/auth/login/second-factor').set('Cookie', pending).send({ code: '000000' });
    expect(locked.status).toBe(401);
    expect((await request(t.app).post('/api/auth/login/second-factor').set('Cookie', pending).send({ code: '000000' })).status).toBe(429);
    await t.ctx.db.deleteFrom('login_failures').where('email', '=', user.email).execute();
  });
});

describe('staff need a second factor', () => {
  it('every admin and moderator operation: 403 second_factor_required, after a TOTP step-up served, 12 hours later 403 again', async () => {
    const admin = await buildAdmin(t.ctx);
    const { secret } = await withTotp(admin);
    const agent = plain(admin);
    const doc = (await request(t.app).get('/api/openapi.json').expect(200)).body as { paths: Record<string, Record<string, { description?: string }>> };
    const staffOps = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => /Nur für Admins|Für Admins und Moderatoren/.test(op.description ?? ''))
        .map(([method]) => ({ method: method as 'get', url: path.replace(/\{[^}]+\}/g, '1'), path })),
    );
    expect(staffOps.length).toBeGreaterThan(30);
    const walk = async (cookie?: string) => {
      const codes: string[] = [];
      for (const op of staffOps) {
        const call = cookie ? request(t.app)[op.method](op.url).set('Cookie', cookie) : agent[op.method](op.url);
        const answer = await call.send({});
        expect(answer.status, `${op.method} ${op.path}`).toBeLessThan(500);
        codes.push(answer.status === 403 ? answer.body.error?.code : 'served');
      }
      return codes;
    };
    expect(new Set(await walk())).toEqual(new Set(['second_factor_required']));
    const stepUp = await agent
      .post('/api/auth/step-up')
      .send({ code: await codeAt(secret) })
      .expect(204);
    const raised = cookieOf(stepUp, 'session')!;
    expect(new Set(await walk(raised))).toEqual(new Set(['served']));
    clock.advance(12 * HOUR);
    expect(new Set(await walk(raised))).toEqual(new Set(['second_factor_required']));
  });
});
