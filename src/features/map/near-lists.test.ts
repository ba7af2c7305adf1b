import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildDog, buildUser } from '../../../test/helpers/factories.js';
import { destination } from '../../../test/helpers/geo.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import type { LatLon } from '#core/geo/index.js';

/**
 * Decisions, "What users tripped over (wave 4)": places, routes and walks answer `lat`, `lon`, `radius_km` (1–200)
 * nearest first by great-circle distance with `distance_km`, in keyset pages; who sees what stays as in their lists.
 */
const t = useTestApp();

/** A point `km` from `from` towards `bearing` degrees, to 7 decimals (as positions are stored). */
function at(from: LatLon, km: number, bearing = 90): LatLon {
  const p = destination(from, km, bearing);
  return { lat: Math.round(p.lat * 1e7) / 1e7, lon: Math.round(p.lon * 1e7) / 1e7 };
}

type Item = { id: number; name?: string; distance_km: number };
type Agent = ReturnType<typeof agentAs>;

/** Every page of a list, following next_cursor. */
async function allPages(agent: Agent, path: string, query: Record<string, string | number>) {
  const pages: Item[][] = [];
  let cursor: string | null = null;
  do {
    const res: { body: { items: Item[]; next_cursor: string | null } } = await agent
      .get(path)
      .query({ ...query, ...(cursor ? { cursor } : {}) })
      .expect(200);
    pages.push(res.body.items);
    cursor = res.body.next_cursor;
  } while (cursor && pages.length < 20);
  return pages;
}

/** The 400s every one of the three lists gives for a bad position or radius. */
async function refusesBadSearches(agent: Agent, path: string, c: LatLon) {
  for (const bad of [{ radius_km: 0.5 }, { radius_km: 0 }, { radius_km: 201 }, { radius_km: 'weit' }, { lat: 91 }, { lon: 'x' }]) {
    const res = await agent
      .get(path)
      .query({ ...c, ...bad })
      .expect(400);
    expect(Object.keys(res.body.error.fields), JSON.stringify(bad)).toEqual(Object.keys(bad));
  }
  await agent.get(path).query({ lat: c.lat }).expect(400);
  await agent.get(path).query({ lon: c.lon }).expect(400);
  await agent.get(path).query({ radius_km: 5 }).expect(400);
  await agent
    .get(path)
    .query({ ...c, cursor: 'kaputt' })
    .expect(400);
  await request(t.app).get(path).query(c).expect(401);
}

describe('places near a position', () => {
  const c = { lat: 51.3127, lon: 9.4797 };
  const place = (agent: Agent, name: string, p: LatLon, isPublic = false) =>
    agent
      .post('/api/places')
      .send({ ...p, name, types: ['hundewiese'], public: isPublic })
      .expect(201)
      .then((r) => r.body as { id: number });

  it('answers public places and one’s own within the radius, nearest first with distance_km, in pages; another’s private one never', async () => {
    const me = agentAs(t, await buildUser(t.ctx));
    const other = agentAs(t, await buildUser(t.ctx));
    await place(me, 'Sechs', at(c, 6.04, 200));
    await place(me, 'Eins', at(c, 1.02, 10));
    await place(other, 'Zwei öffentlich', at(c, 2.03, 300), true);
    await place(other, 'Fremd privat', at(c, 0.5, 45));
    await place(me, 'Drei', at(c, 3.01, 120));
    await place(other, 'Weit weg', at(c, 30, 90), true);

    const res = await me
      .get('/api/places')
      .query({ ...c, radius_km: 10 })
      .expect(200);
    expect(res.body.items.map((p: Item) => [p.name, p.distance_km])).toEqual([
      ['Eins', 1],
      ['Zwei öffentlich', 2],
      ['Drei', 3],
      ['Sechs', 6],
    ]);
    expect(res.body.next_cursor).toBeNull();
    // The radius holds: 3.01 km is in at 4 km, 6.04 is not; the default is 10 km.
    expect(
      (
        await me
          .get('/api/places')
          .query({ ...c, radius_km: 4 })
          .expect(200)
      ).body.items.map((p: Item) => p.name),
    ).toEqual(['Eins', 'Zwei öffentlich', 'Drei']);
    expect((await me.get('/api/places').query(c).expect(200)).body.items).toHaveLength(4);
    expect(
      (
        await me
          .get('/api/places')
          .query({ ...c, radius_km: 200 })
          .expect(200)
      ).body.items,
    ).toHaveLength(5);

    const pages = await allPages(me, '/api/places', { ...c, limit: 3 });
    expect(pages.map((p) => p.map((i) => i.name))).toEqual([['Eins', 'Zwei öffentlich', 'Drei'], ['Sechs']]);
    // The other user sees their own private place first.
    expect((await other.get('/api/places').query(c).expect(200)).body.items.map((p: Item) => p.name)).toEqual(['Fremd privat', 'Zwei öffentlich']);
  });

  it('keeps the map view’s bbox, refuses a bbox together with a position, and 400s bad searches', async () => {
    const me = agentAs(t, await buildUser(t.ctx));
    const mine = await place(me, 'Am Rand', at(c, 0.2));
    const box = [c.lat - 0.1, c.lon - 0.1, c.lat + 0.1, c.lon + 0.1].map((v) => v.toFixed(4)).join(',');
    const inBox = (await me.get('/api/places').query({ bbox: box }).expect(200)).body;
    expect(inBox.items.map((p: Item) => p.id)).toContain(mine.id);
    expect(inBox.items[0]).not.toHaveProperty('distance_km');
    await me
      .get('/api/places')
      .query({ bbox: box, ...c })
      .expect(400);
    await me.get('/api/places').expect(400);
    await refusesBadSearches(me, '/api/places', c);
  });
});

describe('routes near a position', () => {
  const c = { lat: 47.9959, lon: 7.8522 };
  /** A route of two points starting at `start` (its point in the search), heading 5 km away from the centre. */
  const route = (agent: Agent, name: string, start: LatLon, isPublic = false) => {
    const end = at(start, 5, 0);
    return agent
      .post('/api/routes')
      .send({
        name,
        geometry: {
          type: 'LineString',
          coordinates: [
            [start.lon, start.lat],
            [end.lon, end.lat],
          ],
        },
        distance_m: 5000,
        public: isPublic,
      })
      .expect(201)
      .then((r) => r.body as { id: number });
  };

  it('answers public routes and one’s own that start within the radius, nearest first; another’s private route never', async () => {
    const me = agentAs(t, await buildUser(t.ctx));
    const other = agentAs(t, await buildUser(t.ctx));
    await route(other, 'Fremd privat', at(c, 0.3));
    await route(me, 'Meine', at(c, 1.5, 180));
    await route(other, 'Geteilt', at(c, 0.8, 270), true);
    await route(me, 'Meine weite', at(c, 12, 90));
    await route(other, 'Geteilt weit', at(c, 40), true);

    const res = await me
      .get('/api/routes')
      .query({ ...c, radius_km: 10 })
      .expect(200);
    expect(res.body.items.map((r: Item) => [r.name, r.distance_km])).toEqual([
      ['Geteilt', 0.8],
      ['Meine', 1.5],
    ]);
    expect(res.body.items[0]).toMatchObject({ mine: false, public: 1 });
    expect(
      (
        await me
          .get('/api/routes')
          .query({ ...c, radius_km: 15 })
          .expect(200)
      ).body.items.map((r: Item) => r.name),
    ).toEqual(['Geteilt', 'Meine', 'Meine weite']);
    const pages = await allPages(me, '/api/routes', { ...c, radius_km: 50, limit: 2 });
    expect(pages.map((p) => p.map((i) => i.name))).toEqual([
      ['Geteilt', 'Meine'],
      ['Meine weite', 'Geteilt weit'],
    ]);
    expect((await other.get('/api/routes').query(c).expect(200)).body.items.map((r: Item) => r.name)).toEqual(['Fremd privat', 'Geteilt']);
    // Without a position: one's own routes, newest first, as before.
    expect((await me.get('/api/routes').expect(200)).body.items.map((r: Item) => r.name)).toEqual(['Meine weite', 'Meine']);
    await refusesBadSearches(me, '/api/routes', c);
  });
});

describe('walks near a position', () => {
  const c = { lat: 53.5511, lon: 9.9937 };
  const started_at = new Date(Date.now() - 3_600_000).toISOString();
  async function walker() {
    const user = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user });
    return { user, dog, agent: agentAs(t, user) };
  }
  const walk = (w: { agent: Agent; dog: { id: number } }, extra: Record<string, unknown>) =>
    w.agent
      .post('/api/walks')
      .send({ dog_ids: [w.dog.id], started_at, duration_min: 30, ...extra })
      .expect(201)
      .then((r) => r.body as { id: number });
  const track = (start: LatLon) => {
    const end = at(start, 1, 0);
    return [
      [start.lat, start.lon],
      [end.lat, end.lon],
    ];
  };

  it('answers only one’s own walks that started within the radius, nearest first; another user’s walks never', async () => {
    const me = await walker();
    const other = await walker();
    const far = await walk(me, { track: track(at(c, 4.2, 90)) });
    const near = await walk(me, { track: track(at(c, 0.7, 10)) });
    // A walk on a route without a track of its own starts where the route starts.
    const start = at(c, 2.5, 200);
    const end = at(start, 3, 0);
    const saved = await me.agent
      .post('/api/routes')
      .send({
        name: 'Runde',
        geometry: {
          type: 'LineString',
          coordinates: [
            [start.lon, start.lat],
            [end.lon, end.lat],
          ],
        },
        distance_m: 3000,
      })
      .expect(201);
    const onRoute = await walk(me, { route_id: saved.body.id });
    const unplaced = await walk(me, { distance_m: 2000 });
    await walk(other, { track: track(at(c, 0.1)) });
    await walk(other, { track: track(at(c, 1.1)) });

    const res = await me.agent
      .get('/api/walks')
      .query({ ...c, radius_km: 10 })
      .expect(200);
    expect(res.body.items.map((w: Item) => [w.id, w.distance_km])).toEqual([
      [near.id, 0.7],
      [onRoute.id, 2.5],
      [far.id, 4.2],
    ]);
    expect(
      (
        await me.agent
          .get('/api/walks')
          .query({ ...c, radius_km: 3 })
          .expect(200)
      ).body.items.map((w: Item) => w.id),
    ).toEqual([near.id, onRoute.id]);
    const pages = await allPages(me.agent, '/api/walks', { ...c, limit: 1 });
    expect(pages.map((p) => p.map((w) => w.id))).toEqual([[near.id], [onRoute.id], [far.id]]);
    expect((await other.agent.get('/api/walks').query(c).expect(200)).body.items).toHaveLength(2);
    // Without a position every one of one's walks, newest first, the unplaced one too.
    expect((await me.agent.get('/api/walks').expect(200)).body.items.map((w: Item) => w.id)).toEqual([unplaced.id, onRoute.id, near.id, far.id]);
    await refusesBadSearches(me.agent, '/api/walks', c);
  });
});
