import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { fixedClock, MINUTE } from '#core/clock.js';
import { purgeRateLimitCountersJob } from '#core/http/guards/rate-limit.jobs.js';
import { DbRateLimitStore } from '#core/http/guards/rate-limit-store.js';
import { secondInstance, useTestApp } from '../helpers/test-app.js';

// Rate limits are off in the default test app; this file turns them on.
const t = useTestApp({ env: { RATE_LIMITS_ENABLED: 'true' } });

describe('rate limits', () => {
  it('allows 10 logins per 5 minutes per address, then 429 with Retry-After', async () => {
    for (let i = 0; i < 10; i++) {
      // A different email each time, so the per-account lockout is not what stops us.
      await request(t.app)
        .post('/api/auth/login')
        .send({ email: `nobody${i}@example.de`, password: 'falsch-falsch' })
        .expect(401);
    }
    const res = await request(t.app).post('/api/auth/login').send({ email: 'x@example.de', password: 'falsch-falsch' }).expect(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['ratelimit-policy']).toMatch(/q=10; w=300/);
    expect(res.body.error.code).toBe('rate_limited');
  });

  it('allows 5 registrations per hour per address; a spoofed X-Forwarded-For does not dodge it', async () => {
    for (let i = 0; i < 5; i++) {
      await request(t.app)
        .post('/api/auth/register')
        .set('X-Forwarded-For', `198.51.100.${i}`)
        .send({ email: `reg${i}@example.de`, password: 'sicheres-passwort', name: 'R' })
        .expect(201);
    }
    await request(t.app)
      .post('/api/auth/register')
      .set('X-Forwarded-For', '198.51.100.99')
      .send({ email: 'reg9@example.de', password: 'sicheres-passwort', name: 'R' })
      .expect(429);
  });
});

const failLogin = (app: Express, i: number) =>
  request(app)
    .post('/api/auth/login')
    .send({ email: `probe${i}@example.de`, password: 'falsch-falsch' });

describe('rate-limit counters in the database', () => {
  it('hold across two instances on one database: 10 logins in all, wherever they land', async () => {
    await t.ctx.db.deleteFrom('rate_limit_counters').execute();
    const other = secondInstance(t.ctx.config);
    try {
      for (let i = 0; i < 10; i++) await failLogin(i % 2 ? other.app : t.app, i).expect(401);
      await failLogin(other.app, 10).expect(429);
      await failLogin(t.app, 11).expect(429);
    } finally {
      await other.close();
    }
  });

  it('survive a restart: a new instance goes on counting where the old one stopped', async () => {
    await t.ctx.db.deleteFrom('rate_limit_counters').execute();
    const before = secondInstance(t.ctx.config);
    for (let i = 0; i < 10; i++) await failLogin(before.app, i).expect(401);
    await before.close();
    const after = secondInstance(t.ctx.config);
    try {
      const res = await failLogin(after.app, 10).expect(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await after.close();
    }
  });

  it('start a new window after the old one ended, and the purge job drops ended windows', async () => {
    const clock = fixedClock('2026-11-24T10:00:00Z');
    const store = new DbRateLimitStore(t.ctx.db, clock, 'probe', 5 * MINUTE);
    expect((await store.increment('k')).totalHits).toBe(1);
    expect((await store.increment('k')).totalHits).toBe(2);
    await store.decrement('k');
    expect((await store.get('k'))?.totalHits).toBe(1);
    clock.advance(5 * MINUTE);
    expect(await store.get('k')).toBeUndefined();
    const fresh = await store.increment('k');
    expect(fresh.totalHits).toBe(1);
    expect(fresh.resetTime?.toISOString()).toBe('2026-11-24T10:10:00.000Z');
    clock.advance(5 * MINUTE);
    expect(await purgeRateLimitCountersJob.run({ ...t.ctx, clock })).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.db.selectFrom('rate_limit_counters').select('key').where('key', '=', 'probe:k').execute()).toEqual([]);
  });
});
