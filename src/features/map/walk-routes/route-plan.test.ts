import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { agentAs, buildUser } from '../../../../test/helpers/factories.js';
import { freshPoints, planRoute, startFakeRouting } from '../../../../test/helpers/route-planning.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { DAY, fixedClock, HOUR } from '#core/clock.js';

const ors = await startFakeRouting();
const clock = fixedClock('2026-06-01T08:00:00Z');
// A routing timeout of 300 ms (10 s by default, config.test.ts): the slow service is given up on without the wait.
const t = useTestApp({ clock, env: { ROUTING_URL: ors.url, ROUTING_API_KEY: ors.key, ROUTING_TIMEOUT_MS: '300' } });

beforeEach(() => {
  ors.mode = 'ok';
  ors.failFirst = 0;
  ors.requests = [];
});

describe('POST /api/routes/plan', () => {
  it('401; 400 for 1 or 26 points, a point out of range, an unknown profile or key', async () => {
    await request(t.app).post('/api/routes/plan').send({ points: freshPoints() }).expect(401);
    const a = agentAs(t, await buildUser(t.ctx));
    await planRoute(a, [[48, 11]], 400);
    await planRoute(
      a,
      Array.from({ length: 26 }, (_, i) => [48, 11 + i * 0.001]),
      400,
    );
    await planRoute(
      a,
      [
        [91, 11],
        [48, 11],
      ],
      400,
    );
    await a.post('/api/routes/plan').send({ points: freshPoints(), profile: 'driving-car' }).expect(400);
    await a.post('/api/routes/plan').send({ points: freshPoints(), avoid: 'stairs' }).expect(400);
    expect(ors.requests).toHaveLength(0);
  });

  it('asks openrouteservice with the key (no Bearer) and [lon, lat] points, and answers the line with distance and time', async () => {
    const a = agentAs(t, await buildUser(t.ctx));
    const points = freshPoints();
    const res = await planRoute(a, points, 200);
    expect(ors.requests).toHaveLength(1);
    expect(ors.requests[0]).toMatchObject({ path: '/v2/directions/foot-walking/geojson', headers: { authorization: ors.key } });
    expect(ors.requests[0]?.body.coordinates).toEqual(points.map(([lat, lon]) => [lon, lat]));
    expect(res.body).toMatchObject({ geometry: { type: 'LineString' }, cached: false, remaining_this_week: 19 });
    expect(res.body.geometry.coordinates).toHaveLength(3);
    expect(res.body.distance_m).toBeGreaterThan(300);
    expect(res.body.duration_s).toBeGreaterThan(200);
  });

  it('20 plans in 7 days; the 21st → 429 with Retry-After until the oldest leaves the window; a week later it works again', async () => {
    const user = await buildUser(t.ctx);
    const a = agentAs(t, user);
    for (let i = 0; i < 20; i++) {
      await planRoute(a, freshPoints(), 200);
      clock.advance(HOUR);
    }
    const refused = await planRoute(a, freshPoints(), 429);
    expect(refused.body.error).toMatchObject({ code: 'route_quota_exceeded' });
    expect(refused.body.error.message).toContain('20 Routen');
    // The first plan was 20 hours ago: it leaves the 7-day window in 6 days and 4 hours.
    expect(Number(refused.headers['retry-after'])).toBe(7 * 24 * 3600 - 20 * 3600);
    expect(ors.requests).toHaveLength(20);
    clock.advance(7 * DAY - 20 * HOUR); // exactly 7 days after the first plan: it has left the window
    // A new session: the old one ended with the week that passed.
    expect((await planRoute(agentAs(t, user), freshPoints(), 200)).body.remaining_this_week).toBe(0);
  });

  it('the same request on the same Berlin day comes from the cache and does not count, also at the limit and for another user', async () => {
    clock.set('2026-06-10T08:00:00Z');
    const a = agentAs(t, await buildUser(t.ctx));
    const points = freshPoints();
    expect((await planRoute(a, points, 200)).body).toMatchObject({ cached: false, remaining_this_week: 19 });
    expect((await planRoute(a, points, 200)).body).toMatchObject({ cached: true, remaining_this_week: 19 });
    expect((await planRoute(agentAs(t, await buildUser(t.ctx)), points, 200)).body).toMatchObject({ cached: true, remaining_this_week: 20 });
    expect(ors.requests).toHaveLength(1);
    for (let i = 0; i < 19; i++) await planRoute(a, freshPoints(), 200);
    await planRoute(a, freshPoints(), 429);
    expect((await planRoute(a, points, 200)).body).toMatchObject({ cached: true, remaining_this_week: 0 });
    // 22:30 UTC is already the next day in Berlin: asked anew (and refused at the limit).
    clock.set('2026-06-10T22:30:00Z');
    await planRoute(a, points, 429);
  });

  it('premium users and staff plan without a limit', async () => {
    clock.set('2026-06-20T08:00:00Z');
    for (const user of [await buildUser(t.ctx, { is_premium: 1, subscription_tier: 'pro' }), await buildUser(t.ctx, { rolle: 'moderator' })]) {
      const a = agentAs(t, user);
      for (let i = 0; i < 21; i++) expect((await planRoute(a, freshPoints(), 200)).body.remaining_this_week).toBeNull();
    }
  });

  it('upstream quota (429, 403), outages and a bad answer → 503 in German and nothing counted; one retry on 5xx', async () => {
    clock.set('2026-07-01T08:00:00Z');
    const a = agentAs(t, await buildUser(t.ctx));
    for (const mode of ['quota-minute', 'quota-day', 'bad-key', '503'] as const) {
      ors.mode = mode;
      const res = await planRoute(a, freshPoints(), 503);
      expect(res.body.error).toMatchObject({
        code: 'routing_unavailable',
        message: 'Die Routenplanung ist gerade nicht verfügbar. Versuch es später noch einmal.',
      });
    }
    ors.mode = '500';
    ors.requests = [];
    await planRoute(a, freshPoints(), 503);
    expect(ors.requests).toHaveLength(2);
    ors.mode = 'ok';
    ors.failFirst = 1;
    expect((await planRoute(a, freshPoints(), 200)).body.remaining_this_week).toBe(19);
  });

  it('no route, a point far from any path and a too long route → 422 in German, not counted', async () => {
    clock.set('2026-07-10T08:00:00Z');
    const a = agentAs(t, await buildUser(t.ctx));
    ors.mode = 'no-route';
    expect((await planRoute(a, freshPoints(), 422)).body.error.message).toBe('Zwischen diesen Punkten haben wir keinen Fußweg gefunden.');
    ors.mode = 'no-point';
    expect((await planRoute(a, freshPoints(), 422)).body.error.message).toContain('zu weit von einem Weg');
    ors.mode = 'too-long';
    expect((await planRoute(a, freshPoints(), 422)).body.error.message).toContain('zu lang');
    ors.mode = 'ok';
    expect((await planRoute(a, freshPoints(), 200)).body.remaining_this_week).toBe(19);
  });

  it('gives up on a slow service after its timeout → 503', async () => {
    clock.set('2026-07-20T08:00:00Z');
    ors.mode = 'slow';
    ors.slowMs = 5_000;
    const started = Date.now();
    await planRoute(agentAs(t, await buildUser(t.ctx)), freshPoints(), 503);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
