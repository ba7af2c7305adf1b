import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { circleBound } from '#core/geo-items/near-page.js';
import { distanceKm, EARTH_RADIUS_KM } from '#core/geo/index.js';

/**
 * Issue 32: the nearby lists of the map kinds come in keyset pages on (SQL distance, id). Walking every page must give
 * each item within the radius exactly once, whatever the page size, also when several items share one point (equal
 * distances across a page boundary), across the widening search steps and across the antimeridian.
 */
const t = useTestApp();

type Item = { id: number; description: string; distance_km: number };

/** A deterministic spread of points around `c` within about `km` (plus a few beyond it), some sharing a point. */
function points(c: { lat: number; lon: number }, n: number, km: number) {
  let seed = 32;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const deg = (km / EARTH_RADIUS_KM) * (180 / Math.PI);
  const out: { lat: number; lon: number }[] = [];
  for (let i = 0; i < n; i++) {
    const lat = c.lat + (rnd() - 0.5) * 2.4 * deg;
    const lon = c.lon + ((rnd() - 0.5) * 2.4 * deg) / Math.cos((c.lat * Math.PI) / 180);
    out.push({ lat: Math.round(lat * 1e7) / 1e7, lon: Math.round((((lon + 540) % 360) - 180) * 1e7) / 1e7 });
  }
  // Five at one point and three at the centre itself (distance 0): ties that a page boundary falls between.
  for (let i = 0; i < 5; i++) out.push({ lat: c.lat + 0.01, lon: c.lon });
  for (let i = 0; i < 3; i++) out.push({ ...c });
  return out;
}

async function seed(userId: number, at: readonly { lat: number; lon: number }[], status = 'unconfirmed') {
  const now = new Date().toISOString();
  const rows = at.map((p, i) => ({
    user_id: userId,
    ...p,
    kind: 'poison',
    description: `Punkt ${i}`,
    status,
    confirmed_count: 0,
    last_activity_at: now,
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < rows.length; i += 100)
    await t.ctx.db
      .insertInto('poison_warnings')
      .values(rows.slice(i, i + 100))
      .execute();
}

async function allPages(agent: ReturnType<typeof agentAs>, base: string, limit: number) {
  const seen: Item[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const url: string = `${base}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const body = (await agent.get(url).expect(200)).body as { items: Item[]; next_cursor: string | null };
    expect(body.items.length).toBeLessThanOrEqual(limit);
    if (body.next_cursor) expect(body.items).toHaveLength(limit);
    seen.push(...body.items);
    cursor = body.next_cursor;
    pages++;
  } while (cursor && pages < 1000);
  return { seen, pages };
}

function expectJoinedUp(seen: Item[], expected: Set<string>) {
  const ids = seen.map((i) => i.id);
  expect(new Set(ids).size, 'no duplicates').toBe(ids.length);
  expect(new Set(seen.map((i) => i.description))).toEqual(expected);
  // Nearest first: the order is the SQL's equirectangular distance, so the rounded great-circle figure may dip by 0.1.
  for (let i = 1; i < seen.length; i++) expect(seen[i]!.distance_km).toBeGreaterThanOrEqual(seen[i - 1]!.distance_km - 0.1);
}

describe('nearby lists in keyset pages', () => {
  it('every item within the radius once, over any page size, with ties at one point and the widening steps', async () => {
    const u = await buildUser(t.ctx);
    const centre = { lat: 52.5219, lon: 13.4132 };
    const at = points(centre, 140, 40);
    await seed(u.id, at);
    await seed(u.id, [{ lat: centre.lat + 0.002, lon: centre.lon }], 'archived'); // hidden from the lists
    const expected = new Set(at.flatMap((p, i) => (distanceKm(centre, p) <= 40 ? [`Punkt ${i}`] : [])));
    expect(expected.size).toBeLessThan(at.length); // some lie in the box's corners, beyond the circle
    const a = agentAs(t, u);
    const base = `/api/poison-warnings?lat=${centre.lat}&lon=${centre.lon}&radius_km=40`;
    const whole = (await a.get(base).expect(200)).body as { items: Item[]; next_cursor: string | null };
    expect(whole.next_cursor).toBeNull();
    expectJoinedUp(whole.items, expected);
    expect(whole.items.slice(0, 3).map((i) => i.distance_km)).toEqual([0, 0, 0]);
    for (const limit of [1, 2, 3, 5, 7, 50]) {
      const { seen, pages } = await allPages(a, base, limit);
      expect(seen.map((i) => i.id)).toEqual(whole.items.map((i) => i.id));
      expect(pages).toBe(Math.ceil(expected.size / limit));
    }
  });

  it('joins up across the antimeridian', async () => {
    const u = await buildUser(t.ctx);
    const centre = { lat: -16.5, lon: 179.98 };
    const at = points(centre, 40, 10);
    expect(at.some((p) => p.lon < 0)).toBe(true);
    await seed(u.id, at);
    const expected = new Set(at.flatMap((p, i) => (distanceKm(centre, p) <= 10 ? [`Punkt ${i}`] : [])));
    const { seen } = await allPages(agentAs(t, u), `/api/poison-warnings?lat=${centre.lat}&lon=${centre.lon}&radius_km=10`, 4);
    expectJoinedUp(seen, expected);
  });

  it('a bad cursor or page size is a German 400; without a session 401', async () => {
    const a = agentAs(t, await buildUser(t.ctx));
    const base = '/api/services?lat=52.5&lon=13.4';
    for (const cursor of ['kaputt', Buffer.from('{"id":3}').toString('base64url'), Buffer.from('{"d":-1,"id":3}').toString('base64url')]) {
      const res = await a.get(`${base}&cursor=${cursor}`).expect(400);
      expect(JSON.stringify(res.body)).toContain('Ungültiger Cursor.');
    }
    for (const limit of ['0', '201', 'viele']) await a.get(`${base}&limit=${limit}`).expect(400);
    await request(t.app).get(base).expect(401);
  });
});

describe('circleBound', () => {
  it('holds every point within the radius (the SQL leaves out only what lies beyond the circle)', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 20_000; n++) {
      const c = { lat: (rnd() - 0.5) * 170, lon: (rnd() - 0.5) * 360 };
      const km = 0.5 + rnd() * 199.5;
      const bound = circleBound(c, km);
      if (bound === undefined) continue;
      // A point at the circle's edge in a random direction (the worst case), via the destination formula.
      const a = km / EARTH_RADIUS_KM;
      const b = rnd() * 2 * Math.PI;
      const p1 = (c.lat * Math.PI) / 180;
      const p2 = Math.asin(Math.sin(p1) * Math.cos(a) + Math.cos(p1) * Math.sin(a) * Math.cos(b));
      const dl = Math.atan2(Math.sin(b) * Math.sin(a) * Math.cos(p1), Math.cos(a) - Math.sin(p1) * Math.sin(p2));
      const dLat = (p2 * 180) / Math.PI - c.lat;
      const dLon = (dl * 180) / Math.PI;
      const sqlDist = dLat * dLat + dLon * dLon * Math.cos(p1) ** 2;
      expect(sqlDist, JSON.stringify({ c, km, b })).toBeLessThanOrEqual(bound);
    }
  });
});
