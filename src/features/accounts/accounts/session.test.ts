import { createHmac } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DAY, fixedClock, MINUTE } from '#core/clock.js';
import { TokenService } from '#core/auth/tokens.js';
import { buildUser, sessionCookie } from '../../../../test/helpers/factories.js';
import { TEST_JWT_SECRET, useTestApp } from '../../../../test/helpers/test-app.js';

const clock = fixedClock('2026-11-21T10:00:00.000Z');
const t = useTestApp({ clock });

const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
const me = (cookie: string) => request(t.app).get('/api/auth/me').set('Cookie', cookie);

function renewedCookie(res: request.Response): string | undefined {
  const raw = res.headers['set-cookie'] as unknown as string[] | undefined;
  return raw?.find((c) => /^session=ey/.test(c))?.split(';')[0];
}

describe('session tokens', () => {
  it('rejects a tampered token', async () => {
    const user = await buildUser(t.ctx);
    const cookie = sessionCookie(t.ctx, user);
    const [h, p, s] = cookie.slice('session='.length).split('.');
    const payload = JSON.parse(Buffer.from(p ?? '', 'base64url').toString()) as { sub: string };
    const other = await buildUser(t.ctx);
    payload.sub = String(other.id);
    await me(`session=${h}.${b64(payload)}.${s}`).expect(401);
  });

  it('rejects alg:none and a token signed with another secret', async () => {
    const user = await buildUser(t.ctx);
    const now = Math.floor(clock.now().getTime() / 1000);
    const claims = { sub: String(user.id), jti: 'x-none', tv: 0, at: now, iat: now, exp: now + 3600 };
    await me(`session=${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`).expect(401);
    const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
    const sig = createHmac('sha256', 'another-secret-another-secret-another-secret').update(body).digest('base64url');
    await me(`session=${body}.${sig}`).expect(401);
    const good = createHmac('sha256', TEST_JWT_SECRET).update(body).digest('base64url');
    await me(`session=${body}.${good}`).expect(200);
  });

  it('rejects an expired token', async () => {
    const user = await buildUser(t.ctx);
    const cookie = sessionCookie(t.ctx, user);
    clock.advance(7 * DAY + MINUTE);
    try {
      await me(cookie).expect(401);
    } finally {
      clock.set('2026-11-21T10:00:00.000Z');
    }
  });

  it('puts the token on the blacklist at logout; every later use is 401', async () => {
    const user = await buildUser(t.ctx);
    const cookie = sessionCookie(t.ctx, user);
    await me(cookie).expect(200);
    const out = await request(t.app).post('/api/auth/logout').set('Cookie', cookie).expect(204);
    expect(String(out.headers['set-cookie'])).toMatch(/session=;/);
    await me(cookie).expect(401);
    const rows = await t.ctx.db.selectFrom('revoked_tokens').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
  });

  it('renews the cookie once more than half of the lifetime is used, not before', async () => {
    const user = await buildUser(t.ctx);
    const cookie = sessionCookie(t.ctx, user);
    try {
      clock.advance(3 * DAY);
      expect(renewedCookie(await me(cookie).expect(200))).toBeUndefined();
      clock.advance(DAY); // 4 of 7 days used
      const fresh = renewedCookie(await me(cookie).expect(200));
      expect(fresh).toBeDefined();
      clock.advance(5 * DAY); // the old token has expired, the renewed one lives on
      await me(cookie).expect(401);
      await me(fresh ?? '').expect(200);
    } finally {
      clock.set('2026-11-21T10:00:00.000Z');
    }
  });

  it('ends a session 30 days after login however often it was renewed', async () => {
    const user = await buildUser(t.ctx);
    let cookie = sessionCookie(t.ctx, user);
    try {
      for (let day = 4; day <= 28; day += 4) {
        clock.advance(4 * DAY);
        cookie = renewedCookie(await me(cookie).expect(200)) ?? cookie;
      }
      clock.advance(2 * DAY + MINUTE); // 30 days and a minute after login
      await me(cookie).expect(401);
    } finally {
      clock.set('2026-11-21T10:00:00.000Z');
    }
  });

  it('refuses a token of a user whose token version moved on (suspension, password change)', async () => {
    const user = await buildUser(t.ctx);
    const cookie = sessionCookie(t.ctx, user);
    await t.ctx.db.updateTable('users').set({ token_version: 1 }).where('id', '=', user.id).execute();
    await me(cookie).expect(401);
  });

  it('refuses the session of a suspended user', async () => {
    const user = await buildUser(t.ctx);
    const cookie = sessionCookie(t.ctx, user);
    await t.ctx.db.updateTable('users').set({ status: 'banned' }).where('id', '=', user.id).execute();
    await me(cookie).expect(401);
  });

  it('verifies garbage as invalid without throwing', () => {
    const tokens = new TokenService(TEST_JWT_SECRET);
    expect(tokens.verify('not-a-token', 0)).toBeNull();
    expect(tokens.verify('a.b.c', 0)).toBeNull();
  });
});

describe('session cache', () => {
  it('sees a write by another instance (own database connection) within a second', async () => {
    const { openDb } = await import('#core/db/index.js');
    const other = openDb({ databaseUrl: t.ctx.config.databaseUrl, dataDir: t.ctx.config.dataDir });
    try {
      const user = await buildUser(t.ctx);
      const cookie = sessionCookie(t.ctx, user);
      await me(cookie).expect(200);
      await other.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', user.id).execute();
      await new Promise((r) => setTimeout(r, 1100));
      await me(cookie).expect(401);
    } finally {
      await other.close();
    }
  });
});

describe('logout reaches the whole session', () => {
  it('blacklists the tokens the session had before a renewal too', async () => {
    const user = await buildUser(t.ctx);
    const first = sessionCookie(t.ctx, user);
    try {
      clock.advance(4 * DAY);
      const renewed = renewedCookie(await me(first).expect(200));
      expect(renewed).toBeDefined();
      await request(t.app)
        .post('/api/auth/logout')
        .set('Cookie', renewed ?? '')
        .expect(204);
      await me(renewed ?? '').expect(401);
      await me(first).expect(401);
      // The blacklist entry outlives every token the session could have (login + 30 days).
      const row = await t.ctx.db.selectFrom('revoked_tokens').select('expires_at').orderBy('expires_at', 'desc').executeTakeFirstOrThrow();
      expect(Date.parse(row.expires_at)).toBeGreaterThanOrEqual(Date.parse('2026-12-21T10:00:00.000Z'));
    } finally {
      clock.set('2026-11-21T10:00:00.000Z');
    }
  });

  it('treats a malformed cookie as no cookie (401, not 500)', async () => {
    await me('session=%E0%A4%A').expect(401);
  });

  it('never serves a logged-out token, even while requests with it run beside the logout', async () => {
    const user = await buildUser(t.ctx);
    const cookie = sessionCookie(t.ctx, user);
    for (let round = 0; round < 10; round++) {
      const fresh = sessionCookie(t.ctx, user);
      const [, out] = await Promise.all([me(fresh), request(t.app).post('/api/auth/logout').set('Cookie', fresh), me(fresh)]);
      expect(out.status).toBe(204);
      await me(fresh).expect(401);
    }
    await me(cookie).expect(200);
  });
});
