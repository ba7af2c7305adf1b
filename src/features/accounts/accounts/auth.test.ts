import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { purgeLoginFailuresJob } from './accounts.jobs.js';

const t = useTestApp();

function cookieFrom(res: request.Response): string {
  const raw = res.headers['set-cookie'] as unknown as string[] | undefined;
  const session = raw?.find((c) => c.startsWith('session=') && !c.startsWith('session=;'));
  if (!session) throw new Error('no session cookie');
  return session.split(';')[0] ?? '';
}

describe('POST /api/auth/register', () => {
  it('creates the account, sets the session cookie and queues a verification mail', async () => {
    const res = await request(t.app)
      .post('/api/auth/register')
      .send({ email: '  Bello.Owner@Example.DE ', password: 'sicheres-passwort', name: 'Bellos Mensch' })
      .expect(201);
    expect(res.body).toMatchObject({ email: 'bello.owner@example.de', name: 'Bellos Mensch', plan_badge: 'free', is_premium: 0, email_verified: false });
    expect(res.body.password_hash).toBeUndefined();
    const cookie = cookieFrom(res);
    expect(res.headers['set-cookie']?.[0]).toMatch(/HttpOnly/);
    expect(res.headers['set-cookie']?.[0]).toMatch(/SameSite=Lax/);
    const me = await request(t.app).get('/api/auth/me').set('Cookie', cookie).expect(200);
    expect(me.body.email).toBe('bello.owner@example.de');
    const row = await t.ctx.db.selectFrom('users').select('password_hash').where('email', '=', 'bello.owner@example.de').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    await vi_waitFor(() => t.mail.sent.some((m) => m.to === 'bello.owner@example.de' && /\/api\/auth\/verify\?token=/.test(m.text)));
  });

  it('refuses a taken email with 409, whatever its case', async () => {
    const user = await buildUser(t.ctx);
    const res = await request(t.app).post('/api/auth/register').send({ email: user.email.toUpperCase(), password: 'sicheres-passwort', name: 'X' }).expect(409);
    expect(res.body.error.code).toBe('email_taken');
  });

  it('answers 400 for malformed JSON and for an unknown field, 422 for over-long email and name', async () => {
    const bad = await request(t.app).post('/api/auth/register').set('Content-Type', 'application/json').send('{"email": "a@b.de",').expect(400);
    expect(bad.body.error.code).toBe('malformed_json');
    const unknown = await request(t.app)
      .post('/api/auth/register')
      .send({ email: 'u@b.de', password: 'sicheres-passwort', name: 'U', rolle: 'admin' })
      .expect(400);
    expect(unknown.body.error.fields.rolle).toBeDefined();
    const longEmail = `${'a'.repeat(250)}@b.de`;
    await request(t.app).post('/api/auth/register').send({ email: longEmail, password: 'sicheres-passwort', name: 'U' }).expect(422);
    await request(t.app)
      .post('/api/auth/register')
      .send({ email: 'n@b.de', password: 'sicheres-passwort', name: 'x'.repeat(201) })
      .expect(422);
  });
});

describe('GET /api/auth/me', () => {
  it('is 401 without a session and returns the user with one', async () => {
    await request(t.app).get('/api/auth/me').expect(401);
    const user = await buildUser(t.ctx, { name: 'Mia' });
    const res = await agentAs(t, user).get('/api/auth/me').expect(200);
    expect(res.body.name).toBe('Mia');
  });
});

describe('POST /api/auth/verify/resend', () => {
  it('is 401 without a session and 409 once verified; otherwise mails a new link, and using one voids the others', async () => {
    await request(t.app).post('/api/auth/verify/resend').expect(401);
    const verified = await buildUser(t.ctx);
    expect((await agentAs(t, verified).post('/api/auth/verify/resend').expect(409)).body.error.code).toBe('already_verified');

    const user = await buildUser(t.ctx, { email_verified_at: null });
    await agentAs(t, user).post('/api/auth/verify/resend').expect(202);
    await agentAs(t, user).post('/api/auth/verify/resend').expect(202);
    await vi_waitFor(() => t.mail.sent.filter((m) => m.to === user.email).length === 2);
    const tokens = t.mail.sent.filter((m) => m.to === user.email).map((m) => decodeURIComponent(/\/api\/auth\/verify\?token=(\S+)/.exec(m.text)?.[1] ?? ''));
    expect(await t.ctx.db.selectFrom('email_verifications').select('user_id').where('user_id', '=', user.id).execute()).toHaveLength(2);
    const ok = await request(t.app)
      .get(`/api/auth/verify?token=${encodeURIComponent(tokens[1] ?? '')}`)
      .set('Accept', 'application/json')
      .expect(200);
    expect(ok.body).toEqual({ verified: true, already_verified: false });
    // A second click on the used link, and the older link: the address is confirmed already, not "ungültig".
    for (const token of [tokens[1], tokens[0]]) {
      const again = await request(t.app)
        .get(`/api/auth/verify?token=${encodeURIComponent(token ?? '')}`)
        .set('Accept', 'application/json')
        .expect(200);
      expect(again.body).toEqual({ verified: true, already_verified: true });
    }
    const browser = await request(t.app)
      .get(`/api/auth/verify?token=${encodeURIComponent(tokens[1] ?? '')}`)
      .set('Accept', 'text/html')
      .expect(303);
    expect(browser.headers.location).toBe('/app/email-bestaetigt?ergebnis=schon');
    // Unknown and expired links stay "ungültig".
    await request(t.app).get('/api/auth/verify?token=nichtbekannt123').set('Accept', 'application/json').expect(400);
    const row = await t.ctx.db.selectFrom('users').select('email_verified_at').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.email_verified_at).not.toBeNull();
  });
});

describe('accounts.purge-login-failures job', () => {
  it('also removes expired verification links, and only those', async () => {
    const user = await buildUser(t.ctx, { email_verified_at: null });
    const now = t.ctx.clock.now().getTime();
    const at = (ms: number) => new Date(now + ms).toISOString();
    await t.ctx.db
      .insertInto('email_verifications')
      .values([
        { token_hash: `expired-${user.id}`, user_id: user.id, created_at: at(-49 * 3_600_000), expires_at: at(-1000) },
        { token_hash: `valid-${user.id}`, user_id: user.id, created_at: at(0), expires_at: at(3_600_000) },
      ])
      .execute();
    expect(await purgeLoginFailuresJob.run(t.ctx)).toBeGreaterThanOrEqual(1);
    const left = await t.ctx.db.selectFrom('email_verifications').select('token_hash').where('user_id', '=', user.id).execute();
    expect(left).toEqual([{ token_hash: `valid-${user.id}` }]);
  });
});

async function vi_waitFor(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
