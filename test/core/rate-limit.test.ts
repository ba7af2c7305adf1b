import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app.js';

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
