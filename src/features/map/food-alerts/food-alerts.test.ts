import request from 'supertest';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeFoodAlertServer } from '../../../../test/fakes/food-alert-server.js';
import { agentAs, buildUser } from '../../../../test/helpers/factories.js';
import { createTestApp, useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock, HOUR, MINUTE } from '#core/clock.js';

const fake = new FakeFoodAlertServer();
await fake.start();
afterAll(() => fake.stop());
const clock = fixedClock('2026-01-05T10:00:00Z');
const t = useTestApp({ clock, env: { FOOD_ALERTS_URL: fake.url, FOOD_ALERTS_TIMEOUT_MS: '300' } });

interface Answer {
  items: { title: string }[];
  status: 'ok' | 'stale' | 'unreachable';
  checked_at: string;
}

/** The answer as a user sees it now. */
async function answer(): Promise<Answer> {
  const user = await buildUser(t.ctx);
  return (await agentAs(t, user).get('/api/food-alerts').expect(200)).body as Answer;
}

/** The answer an hour later than the last one, so the cache never answers for the feed. */
async function nextHour(): Promise<Answer> {
  clock.advance(HOUR);
  return answer();
}
const alerts = async () => (await nextHour()).items;

beforeEach(() => {
  fake.mode = 'ok';
});

describe('GET /api/food-alerts', () => {
  it('keeps the pet-food warnings, with or without the response wrapper; sends the configured key', async () => {
    expect((await alerts()).map((a) => a.title)).toEqual(['Hundesnack Kaurolle Rind, 200 g', 'Katzenfutter Huhn']);
    expect(fake.lastAuth).toContain('baystmuv-vi-1.0');
    fake.mode = 'unwrapped';
    expect(await alerts()).toHaveLength(2);
    fake.mode = 'empty';
    expect(await nextHour()).toEqual({ items: [], status: 'ok', checked_at: clock.now().toISOString() });
    await request(t.app).get('/api/food-alerts').expect(401);
  });

  it('404, 410 and 503 mean an empty list, said to be unreachable; 500, 401, garbage and a slow feed keep the last list as stale', async () => {
    for (const mode of ['404', '410', '503'] as const) {
      fake.mode = 'ok';
      expect(await alerts()).toHaveLength(2);
      fake.mode = mode;
      expect(await nextHour()).toEqual({ items: [], status: 'unreachable', checked_at: clock.now().toISOString() });
    }
    for (const mode of ['500', '401', 'garbage', 'hang', 'down'] as const) {
      fake.mode = 'ok';
      const good = await nextHour();
      expect(good.status).toBe('ok');
      fake.mode = mode;
      const stale = await nextHour();
      expect(stale).toEqual({ items: good.items, status: 'stale', checked_at: good.checked_at });
      expect(Date.parse(stale.checked_at)).toBe(clock.now().getTime() - HOUR); // the date of the kept list, not of this ask
    }
  });

  it('tells "feed unreachable" from "no warnings": down, error and timeout before any list; then up again', async () => {
    // A fresh app instance: no earlier list in its cache.
    const fresh = fixedClock('2026-03-01T08:00:00Z');
    const app = await createTestApp({ clock: fresh, env: { FOOD_ALERTS_URL: fake.url, FOOD_ALERTS_TIMEOUT_MS: '300' } });
    try {
      const user = await buildUser(app.ctx);
      const ask = async () => (await agentAs(app, user).get('/api/food-alerts').expect(200)).body as Answer;
      for (const mode of ['down', '500', 'hang'] as const) {
        fake.mode = mode;
        fresh.advance(HOUR);
        expect(await ask()).toEqual({ items: [], status: 'unreachable', checked_at: fresh.now().toISOString() });
      }
      // Up again: the next ask (ten minutes after a failure, not an hour) brings the list.
      fake.mode = 'ok';
      const hits = fake.hits;
      fresh.advance(9 * MINUTE);
      expect((await ask()).status).toBe('unreachable');
      expect(fake.hits).toBe(hits); // within the retry pause: not asked
      fresh.advance(MINUTE);
      const back = await ask();
      expect(back).toMatchObject({ status: 'ok', checked_at: fresh.now().toISOString() });
      expect(back.items).toHaveLength(2);
      expect(fake.hits).toBe(hits + 1);
      // A 503 afterwards is the spec's empty list again, and drops the kept one (a later 500 has nothing stale to show).
      fake.mode = '503';
      fresh.advance(HOUR);
      expect((await ask()).status).toBe('unreachable');
      fake.mode = '500';
      fresh.advance(HOUR);
      expect(await ask()).toMatchObject({ items: [], status: 'unreachable' });
    } finally {
      await app.close();
    }
  });

  it('asks the feed at most once an hour while it answers', async () => {
    await alerts();
    const before = fake.hits;
    const user = await buildUser(t.ctx);
    for (let i = 0; i < 5; i++) {
      clock.advance(10 * MINUTE);
      await agentAs(t, user).get('/api/food-alerts').expect(200);
    }
    expect(fake.hits).toBe(before);
  });
});
