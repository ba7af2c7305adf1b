import request from 'supertest';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeFoodAlertServer } from '../../../../test/fakes/food-alert-server.js';
import { agentAs, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock, HOUR } from '../../../core/clock.js';

const fake = new FakeFoodAlertServer();
await fake.start();
afterAll(() => fake.stop());
const clock = fixedClock('2026-01-05T10:00:00Z');
const t = useTestApp({ clock, env: { FOOD_ALERTS_URL: fake.url, FOOD_ALERTS_TIMEOUT_MS: '300' } });

let hour = 0;
/** Each call is in a new hour, so the cache never answers for the feed. */
async function alerts() {
  clock.set(new Date(Date.parse('2026-01-05T10:00:00Z') + ++hour * HOUR));
  const user = await buildUser(t.ctx);
  return (await agentAs(t, user).get('/api/food-alerts').expect(200)).body.items as { title: string }[];
}

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
    expect(await alerts()).toEqual([]);
    await request(t.app).get('/api/food-alerts').expect(401);
  });

  it('404, 410 and 503 mean an empty list; 500, 401, garbage and a slow feed keep the last list', async () => {
    for (const mode of ['404', '410', '503'] as const) {
      fake.mode = 'ok';
      expect(await alerts()).toHaveLength(2);
      fake.mode = mode;
      expect(await alerts()).toEqual([]);
    }
    for (const mode of ['500', '401', 'garbage', 'hang'] as const) {
      fake.mode = 'ok';
      expect(await alerts()).toHaveLength(2);
      fake.mode = mode;
      expect(await alerts()).toHaveLength(2);
    }
  });

  it('asks the feed at most once an hour', async () => {
    await alerts();
    const before = fake.hits;
    const user = await buildUser(t.ctx);
    for (let i = 0; i < 5; i++) await agentAs(t, user).get('/api/food-alerts').expect(200);
    expect(fake.hits).toBe(before);
  });
});
