import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { fixedClock, MINUTE } from '#core/clock.js';
import { buildUser } from '../../../../test/helpers/factories.js';
import { createWatchedApp, useTestApp } from '../../../../test/helpers/test-app.js';

const clock = fixedClock('2026-11-21T10:00:00.000Z');
const t = useTestApp({ clock });

const login = (app: Parameters<typeof request>[0], email: string, password: string) => request(app).post('/api/auth/login').send({ email, password });

describe('POST /api/auth/login', () => {
  it('logs in with the right password (any email case) and sets the cookie', async () => {
    const user = await buildUser(t.ctx, { email: 'lena@example.de' });
    const res = await login(t.app, 'LENA@Example.de', user.password).expect(200);
    expect(res.body.id).toBe(user.id);
    expect(String(res.headers['set-cookie'])).toMatch(/^session=ey/);
  });

  it('answers 401 with the same message for a wrong password and an unknown email', async () => {
    const user = await buildUser(t.ctx);
    const wrong = await login(t.app, user.email, 'falsch-falsch').expect(401);
    const unknown = await login(t.app, 'niemand@example.de', 'falsch-falsch').expect(401);
    expect(wrong.body.error.message).toBe(unknown.body.error.message);
  });

  it('locks the 6th attempt within 15 minutes with 429 and Retry-After, even with the right password', async () => {
    const user = await buildUser(t.ctx);
    for (let i = 0; i < 5; i++) await login(t.app, user.email, 'falsch-falsch').expect(401);
    const locked = await login(t.app, user.email, user.password).expect(429);
    expect(locked.body.error.code).toBe('login_locked');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another account is not affected.
    const other = await buildUser(t.ctx);
    await login(t.app, other.email, other.password).expect(200);
  });

  it('keeps the lock after a server restart (counters live in the database)', async () => {
    const user = await buildUser(t.ctx);
    for (let i = 0; i < 5; i++) await login(t.app, user.email, 'falsch-falsch').expect(401);
    // A new app on the same database stands for a restarted server.
    const restarted = createWatchedApp(t.ctx);
    await login(restarted, user.email, user.password).expect(429);
  });

  it('opens again once the 15-minute window has passed, and a success clears the counter', async () => {
    const user = await buildUser(t.ctx);
    for (let i = 0; i < 5; i++) await login(t.app, user.email, 'falsch-falsch').expect(401);
    await login(t.app, user.email, user.password).expect(429);
    clock.advance(15 * MINUTE + 1000);
    await login(t.app, user.email, user.password).expect(200);
    for (let i = 0; i < 4; i++) await login(t.app, user.email, 'falsch-falsch').expect(401);
    await login(t.app, user.email, user.password).expect(200);
  });

  it('holds under parallel attempts: of 20 wrong passwords at once at most 5 are checked', async () => {
    const user = await buildUser(t.ctx);
    const results = await Promise.all(Array.from({ length: 20 }, () => login(t.app, user.email, 'falsch-falsch')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    await login(t.app, user.email, user.password).expect(429);
  });

  it('says how long to wait, in minutes', async () => {
    const user = await buildUser(t.ctx);
    for (let i = 0; i < 5; i++) await login(t.app, user.email, 'falsch-falsch').expect(401);
    clock.advance(10 * MINUTE);
    const res = await login(t.app, user.email, user.password).expect(429);
    expect(res.body.error.message).toMatch(/5 Minuten/);
    clock.advance(5 * MINUTE);
  });

  it('answers email_taken to the loser of two registrations racing for one email', async () => {
    const body = { email: 'race@example.de', password: 'sicheres-passwort', name: 'Race' };
    const results = await Promise.all([1, 2, 3].map(() => request(t.app).post('/api/auth/register').send(body)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('email_taken');
  });

  it('refuses suspended and banned accounts with 403', async () => {
    const suspended = await buildUser(t.ctx, { status: 'suspended' });
    const res = await login(t.app, suspended.email, suspended.password).expect(403);
    expect(res.body.error.code).toBe('account_blocked');
  });

  it('answers 400 for an unknown field', async () => {
    await request(t.app).post('/api/auth/login').send({ email: 'a@b.de', password: 'x', remember: true }).expect(400);
  });
});
