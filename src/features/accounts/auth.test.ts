import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildUser } from '../../../test/helpers/factories.js';
import { useTestApp } from '../../../test/helpers/test-app.js';

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
    const unknown = await request(t.app).post('/api/auth/register').send({ email: 'u@b.de', password: 'sicheres-passwort', name: 'U', rolle: 'admin' }).expect(400);
    expect(unknown.body.error.fields.rolle).toBeDefined();
    const longEmail = `${'a'.repeat(250)}@b.de`;
    await request(t.app).post('/api/auth/register').send({ email: longEmail, password: 'sicheres-passwort', name: 'U' }).expect(422);
    await request(t.app).post('/api/auth/register').send({ email: 'n@b.de', password: 'sicheres-passwort', name: 'x'.repeat(201) }).expect(422);
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

async function vi_waitFor(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
