import { createHash } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { captureLog } from '../../../../test/helpers/log-capture.js';
import { secondInstance, useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';

const clock = fixedClock('2026-11-25T10:00:00Z');
const t = useTestApp({ clock });

const FEED_URL = /^http:\/\/127\.0\.0\.1\/kalender\/([A-Za-z0-9_-]{43})\.ics$/;
const pathOf = (url: string) => new URL(url).pathname;
const tokenOf = (url: string) => FEED_URL.exec(url)![1]!;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('calendar feed: switching it on, renewing, switching off', () => {
  it('answers 401 without a session on every owner route', async () => {
    await request(t.app).get('/api/me/calendar-feed').expect(401);
    await request(t.app).post('/api/me/calendar-feed').expect(401);
    await request(t.app).post('/api/me/calendar-feed/rotate').expect(401);
    await request(t.app).delete('/api/me/calendar-feed').expect(401);
  });

  it('is off at first; switching it on gives a secret address, and a second tap shows the same one', async () => {
    const a = agentAs(t, await buildUser(t.ctx));
    expect((await a.get('/api/me/calendar-feed').expect(200)).body).toEqual({ feed: null });
    const on = await a.post('/api/me/calendar-feed').expect(200);
    expect(on.body).toEqual({ url: expect.stringMatching(FEED_URL), created_at: clock.now().toISOString() });
    expect((await a.post('/api/me/calendar-feed').expect(200)).body).toEqual(on.body);
    expect((await a.get('/api/me/calendar-feed').expect(200)).body).toEqual({ feed: on.body });

    const feed = await request(t.app).get(pathOf(on.body.url)).expect(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toMatch(/^private\b/);
    expect(feed.headers['x-robots-tag']).toMatch(/noindex/);
    expect(feed.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    // A calendar app that asks again gets a 304 while nothing changed.
    await request(t.app).get(pathOf(on.body.url)).set('If-None-Match', feed.headers.etag!).expect(304);
  });

  it('gives every user an address of their own', async () => {
    const one = await agentAs(t, await buildUser(t.ctx))
      .post('/api/me/calendar-feed')
      .expect(200);
    const two = await agentAs(t, await buildUser(t.ctx))
      .post('/api/me/calendar-feed')
      .expect(200);
    expect(one.body.url).not.toBe(two.body.url);
  });

  it('stores the token only as its hash: no column holds the token', async () => {
    const user = await buildUser(t.ctx);
    const { url } = (await agentAs(t, user).post('/api/me/calendar-feed').expect(200)).body;
    const token = tokenOf(url);
    const row = await t.ctx.db.selectFrom('calendar_feeds').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('renews the address: the old one is 404 at once, the new one works; without a feed there is nothing to renew', async () => {
    const a = agentAs(t, await buildUser(t.ctx));
    await a.post('/api/me/calendar-feed/rotate').expect(404);
    const first = (await a.post('/api/me/calendar-feed').expect(200)).body;
    clock.advance(60_000);
    const renewed = await a.post('/api/me/calendar-feed/rotate').expect(200);
    expect(renewed.body).toEqual({ url: expect.stringMatching(FEED_URL), created_at: clock.now().toISOString() });
    expect(renewed.body.url).not.toBe(first.url);
    await request(t.app).get(pathOf(first.url)).expect(404);
    await request(t.app).get(pathOf(renewed.body.url)).expect(200);
    expect((await a.get('/api/me/calendar-feed').expect(200)).body).toEqual({ feed: renewed.body });
  });

  it('switches off: the address is 404, the status null, a second switch-off 404; switched on again it is a new address', async () => {
    const a = agentAs(t, await buildUser(t.ctx));
    const { url } = (await a.post('/api/me/calendar-feed').expect(200)).body;
    await a.delete('/api/me/calendar-feed').expect(204);
    await request(t.app).get(pathOf(url)).expect(404);
    expect((await a.get('/api/me/calendar-feed').expect(200)).body).toEqual({ feed: null });
    await a.delete('/api/me/calendar-feed').expect(404);
    const again = (await a.post('/api/me/calendar-feed').expect(200)).body;
    expect(again.url).not.toBe(url);
  });

  it('answers an unknown, malformed or wrongly signed token with the same 404', async () => {
    const unknown = await request(t.app)
      .get(`/kalender/${'A'.repeat(43)}.ics`)
      .expect(404);
    await request(t.app).get('/kalender/kurz.ics').expect(404);
    await request(t.app)
      .get(`/kalender/${'A'.repeat(200)}.ics`)
      .expect(404);
    // A row whose hash matches but that another key made (JWT_SECRET changed) opens nothing either.
    const user = await buildUser(t.ctx);
    const forged = 'B'.repeat(43);
    await t.ctx.db
      .insertInto('calendar_feeds')
      .values({ user_id: user.id, token_hash: sha256(forged), seed: 'x', created_at: clock.now().toISOString() })
      .execute();
    const res = await request(t.app).get(`/kalender/${forged}.ics`).expect(404);
    expect(res.text).toBe(unknown.text);
    // The profile shows it as off; switching on replaces the dead row with a working address.
    const a = agentAs(t, user);
    expect((await a.get('/api/me/calendar-feed').expect(200)).body).toEqual({ feed: null });
    const on = (await a.post('/api/me/calendar-feed').expect(200)).body;
    await request(t.app).get(pathOf(on.url)).expect(200);
    await request(t.app).get(`/kalender/${forged}.ics`).expect(404);
  });

  it('falls silent while the account is suspended, like its sessions', async () => {
    const user = await buildUser(t.ctx);
    const { url } = (await agentAs(t, user).post('/api/me/calendar-feed').expect(200)).body;
    await t.ctx.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', user.id).execute();
    await request(t.app).get(pathOf(url)).expect(404);
    await t.ctx.db.updateTable('users').set({ status: 'active' }).where('id', '=', user.id).execute();
    await request(t.app).get(pathOf(url)).expect(200);
  });

  it('goes with the account', async () => {
    const user = await buildUser(t.ctx);
    await agentAs(t, user).post('/api/me/calendar-feed').expect(200);
    await t.ctx.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await t.ctx.db.selectFrom('calendar_feeds').select('user_id').where('user_id', '=', user.id).execute()).toEqual([]);
  });
});

describe('calendar feed: rate limit and logs', () => {
  it('allows 60 fetches an hour per address, then 429; another address goes on; the counter keeps only a hash', async () => {
    const other = secondInstance({ ...t.ctx.config, rateLimitsEnabled: true }, { clock });
    try {
      const user = await buildUser(t.ctx);
      await buildDog(t.ctx, { user, name: 'Bello' });
      const { url } = (await agentAs(t, user).post('/api/me/calendar-feed').expect(200)).body;
      const second = (
        await agentAs(t, await buildUser(t.ctx))
          .post('/api/me/calendar-feed')
          .expect(200)
      ).body.url;
      for (let i = 0; i < 60; i++) await request(other.app).get(pathOf(url)).expect(200);
      const refused = await request(other.app).get(pathOf(url)).expect(429);
      expect(refused.headers['ratelimit-policy']).toMatch(/q=60; w=3600/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      await request(other.app).get(pathOf(second)).expect(200);
      const keys = (await t.ctx.db.selectFrom('rate_limit_counters').select('key').execute()).map((r) => r.key);
      expect(keys).toContain(`calendarFeed:token:${sha256(tokenOf(url))}`);
      expect(keys.join('\n')).not.toContain(tokenOf(url));
    } finally {
      await other.close();
    }
  });

  it('never writes the token to the log: the request line shows /kalender/[geheim]', async () => {
    const { lines, log } = captureLog<{ msg: string; url?: string }>('info');
    const other = secondInstance(t.ctx.config, { clock, log });
    try {
      const user = await buildUser(t.ctx);
      const { url } = (await agentAs(t, user).post('/api/me/calendar-feed').expect(200)).body;
      const token = tokenOf(url);
      await request(other.app).get(pathOf(url)).expect(200);
      // Written as Express would still route it (other case, trailing slash), and with a query.
      await request(other.app).get(`/Kalender/${token}.ics/?x=${token}`).expect(200);
      await request(other.app)
        .get(`/kalender/${token.slice(1)}X.ics`)
        .expect(404);
      const requests = lines.filter((l) => l.msg === 'request');
      expect(requests.map((l) => l.url)).toEqual(['/kalender/[geheim]', '/Kalender/[geheim]', '/kalender/[geheim]']);
      expect(JSON.stringify(lines)).not.toContain(token.slice(1, -1));
    } finally {
      await other.close();
    }
  });
});
