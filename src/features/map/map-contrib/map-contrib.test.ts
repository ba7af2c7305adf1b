import request from 'supertest';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeOsmApiServer } from '../../../../test/fakes/osm-api-server.js';
import { agentAs, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';
import { uploadsSettled } from './index.js';

const osm = new FakeOsmApiServer();
await osm.start();
afterAll(() => osm.stop());
const clock = fixedClock('2026-06-01T10:00:00Z');
const t = useTestApp({ clock, env: { OSM_API_URL: osm.url, OSM_ACCESS_TOKEN: osm.token } });

const cafe = { type: 'node', id: 1001, version: 7, lat: 48.1401, lon: 11.5702, tags: { amenity: 'cafe', name: 'Zum Dackel & Co' } } as const;

beforeEach(() => {
  osm.reset();
  osm.add({ ...cafe, tags: { ...cafe.tags } });
});

async function tap(agent: ReturnType<typeof agentAs>, body: object, status: number) {
  const res = await agent.post('/api/map-contrib/dog-friendly').send(body).expect(status);
  await uploadsSettled(t.ctx);
  return res.body;
}

describe('POST /api/map-contrib/dog-friendly', () => {
  it('401 without session; 400 for an unknown type or key; 422 for a relation (not an offered element type)', async () => {
    await request(t.app).post('/api/map-contrib/dog-friendly').send({ osm_type: 'node', osm_id: 1001 }).expect(401);
    const a = agentAs(t, await buildUser(t.ctx));
    await tap(a, { osm_type: 'area', osm_id: 1001 }, 400);
    await tap(a, { osm_type: 'relation', osm_id: 1001 }, 422);
    await tap(a, { osm_type: 'node', osm_id: 1001, status: 'confirmed' }, 400);
    await tap(a, { osm_type: 'node', osm_id: -3 }, 400);
    expect(osm.requests).toHaveLength(0);
  });

  it('422 for a venue that is not offered (a bench, a dog park), 404 for one OpenStreetMap does not have; nothing stored', async () => {
    osm.add({ type: 'node', id: 5, version: 1, lat: 48, lon: 11, tags: { leisure: 'dog_park' } });
    osm.add({ type: 'node', id: 6, version: 1, lat: 48, lon: 11, tags: { amenity: 'cafe' }, deleted: true });
    const user = await buildUser(t.ctx);
    const a = agentAs(t, user);
    const refused = await tap(a, { osm_type: 'node', osm_id: 5 }, 422);
    expect(refused.error.message).toContain('Restaurants, Cafés');
    await tap(a, { osm_type: 'node', osm_id: 6 }, 404);
    await tap(a, { osm_type: 'way', osm_id: 999 }, 404);
    expect((await a.get('/api/map-contrib').expect(200)).body.items).toEqual([]);
  });

  it('stores the claim as pending, uploads dog=yes at once in a changeset of its own, and answers the same contribution on a repeat', async () => {
    const a = agentAs(t, await buildUser(t.ctx));
    const first = await tap(a, { osm_type: 'node', osm_id: 1001 }, 201);
    expect(first).toMatchObject({ osm_type: 'node', osm_id: 1001, venue_kind: 'cafe', venue_name: 'Zum Dackel & Co', status: 'pending' });
    expect(osm.get('node', 1001)).toMatchObject({ version: 8, tags: { amenity: 'cafe', name: 'Zum Dackel & Co', dog: 'yes' } });
    const [create, put, close] = osm.writes();
    expect(create?.path).toBe('/api/0.6/changeset/create');
    expect(create?.body).toContain('<tag k="comment" v="Hunde willkommen (dog=yes)');
    expect(create?.body).toContain('<tag k="source" v="survey"/>');
    expect(create?.body).toMatch(/<tag k="created_by" v="Pfotenbuch\/[^"]+"\/>/);
    expect(put).toMatchObject({ path: '/api/0.6/node/1001' });
    expect(put?.body).toContain('version="7" changeset="162000100" lat="48.1401000" lon="11.5702000"');
    expect(put?.body).toContain('v="Zum Dackel &amp; Co"');
    expect(close?.path).toBe('/api/0.6/changeset/162000100/close');
    for (const w of osm.writes()) {
      expect(w.headers.authorization).toBe(`Bearer ${osm.token}`);
      expect(w.headers['user-agent']).toMatch(/^Pfotenbuch\//);
    }
    expect(osm.openChangesets.size).toBe(0);

    const again = await tap(a, { osm_type: 'node', osm_id: 1001 }, 200);
    expect(again.id).toBe(first.id);
    expect(again.uploaded_at).toBe('2026-06-01T10:00:00.000Z');
    expect(again.confirmable_from).toBe('2026-06-08T10:00:00.000Z');
    expect(osm.writes()).toHaveLength(3);
  });

  it('never edits a venue that already has any dog=* tag: rejected with reason already_tagged', async () => {
    osm.add({ type: 'way', id: 77, version: 3, nodes: [1, 2, 3, 1], tags: { tourism: 'hotel', dog: 'no' } });
    const a = agentAs(t, await buildUser(t.ctx));
    await tap(a, { osm_type: 'way', osm_id: 77 }, 201);
    expect(osm.writes()).toHaveLength(0);
    expect((await a.get('/api/map-contrib').expect(200)).body.items[0]).toMatchObject({ status: 'rejected', reason: 'already_tagged', venue_kind: 'hotel' });
    expect(osm.get('way', 77)?.tags.dog).toBe('no');
  });

  it('a way is written whole with its node list; a version conflict is read again and applied once more', async () => {
    osm.add({ type: 'way', id: 88, version: 2, nodes: [11, 12, 13, 11], tags: { shop: 'pet', name: 'Futterhaus' } });
    osm.conflictOnce = { opening_hours: 'Mo-Sa 09:00-19:00' };
    const a = agentAs(t, await buildUser(t.ctx));
    await tap(a, { osm_type: 'way', osm_id: 88 }, 201);
    expect(osm.get('way', 88)).toMatchObject({ version: 4, tags: { shop: 'pet', opening_hours: 'Mo-Sa 09:00-19:00', dog: 'yes' } });
    const puts = osm.writes().filter((w) => w.path === '/api/0.6/way/88');
    expect(puts).toHaveLength(2);
    expect(puts[1]?.body).toContain('<nd ref="11"/><nd ref="12"/><nd ref="13"/><nd ref="11"/>');
    expect(osm.openChangesets.size).toBe(0);
    expect((await a.get('/api/map-contrib').expect(200)).body.items[0]).toMatchObject({ status: 'pending', uploaded_at: expect.any(String) });
  });

  it('a conflict with someone who set dog=* meanwhile ends as already_tagged, and the empty changeset is closed', async () => {
    osm.conflictOnce = { dog: 'leashed' };
    const a = agentAs(t, await buildUser(t.ctx));
    await tap(a, { osm_type: 'node', osm_id: 1001 }, 201);
    expect(osm.get('node', 1001)?.tags.dog).toBe('leashed');
    expect(osm.openChangesets.size).toBe(0);
    expect((await a.get('/api/map-contrib').expect(200)).body.items[0]).toMatchObject({ status: 'rejected', reason: 'already_tagged' });
  });

  it('a failed upload (503, 429) stays pending with the error kept; a 400 is final; OpenStreetMap unreachable at a tap without the map’s kind → 503 and nothing stored', async () => {
    const user = await buildUser(t.ctx);
    const a = agentAs(t, user);
    osm.createStatus = 503;
    await tap(a, { osm_type: 'node', osm_id: 1001 }, 201);
    osm.add({ type: 'node', id: 1002, version: 1, lat: 48, lon: 11, tags: { amenity: 'restaurant' } });
    osm.createStatus = 200;
    osm.putStatus = 429;
    await tap(a, { osm_type: 'node', osm_id: 1002 }, 201);
    expect(osm.openChangesets.size).toBe(0);
    osm.add({ type: 'node', id: 1003, version: 1, lat: 48, lon: 11, tags: { amenity: 'bar' } });
    osm.putStatus = 400;
    await tap(a, { osm_type: 'node', osm_id: 1003 }, 201);
    const rows = await t.ctx.db
      .selectFrom('map_contributions')
      .select(['osm_id', 'status', 'reason', 'attempts', 'last_error', 'uploaded_at'])
      .where('user_id', '=', user.id)
      .orderBy('osm_id')
      .execute();
    expect(rows).toMatchObject([
      { osm_id: 1001, status: 'pending', attempts: 1, uploaded_at: null, last_error: expect.stringContaining('503') },
      { osm_id: 1002, status: 'pending', attempts: 1, uploaded_at: null, last_error: expect.stringContaining('429') },
      { osm_id: 1003, status: 'rejected', reason: 'refused' },
    ]);
    osm.readsBroken = true;
    const down = await tap(a, { osm_type: 'node', osm_id: 1004 }, 503);
    expect(down.error).toMatchObject({ code: 'osm_unavailable' });
    expect(await t.ctx.db.selectFrom('map_contributions').select('id').where('osm_id', '=', 1004).execute()).toEqual([]);
  });

  it('OpenStreetMap unreachable at the tap: stored as pending with what the map showed and a German notice, nothing written; a repeat answers the same', async () => {
    osm.readsBroken = true;
    const user = await buildUser(t.ctx);
    const a = agentAs(t, user);
    const tapped = { osm_type: 'node', osm_id: 1001, venue_kind: 'cafe', venue_name: 'Zum Dackel' };
    const stored = await tap(a, tapped, 201);
    expect(stored).toMatchObject({ status: 'pending', venue_kind: 'cafe', venue_name: 'Zum Dackel', venue_checked: false, uploaded_at: null });
    expect(stored.notice).toMatch(/OpenStreetMap ist gerade nicht erreichbar.*prüfen den Ort/);
    expect(osm.writes()).toEqual([]);
    const again = await tap(a, tapped, 200);
    expect(again).toMatchObject({ id: stored.id, notice: stored.notice });
    const row = await t.ctx.db.selectFrom('map_contributions').selectAll().where('id', '=', stored.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ venue_read_at: null, attempts: 0, lat: null, last_error: expect.stringContaining('Beim Melden nicht erreichbar') });
    expect((await a.get('/api/map-contrib').expect(200)).body.items).toMatchObject([{ id: stored.id, venue_checked: false }]);
    // What the map showed must still be an offered kind; a tap read from OpenStreetMap carries no notice.
    await tap(a, { ...tapped, osm_id: 1005, venue_kind: 'bench' }, 400);
    osm.readsBroken = false;
    const read = await tap(a, { ...tapped, venue_kind: 'bar', venue_name: 'Falsch' }, 200);
    expect(read.notice).toBe(stored.notice); // still the first one, unread until the night
    const fresh = await tap(agentAs(t, await buildUser(t.ctx)), { ...tapped, venue_kind: 'bar', venue_name: 'Falsch' }, 201);
    expect(fresh).toMatchObject({ venue_kind: 'cafe', venue_name: 'Zum Dackel & Co', venue_checked: true });
    expect(fresh).not.toHaveProperty('notice');
  });

  it('each user may claim the same venue once; the second finds dog=yes already there', async () => {
    const a = agentAs(t, await buildUser(t.ctx));
    const b = agentAs(t, await buildUser(t.ctx));
    await tap(a, { osm_type: 'node', osm_id: 1001 }, 201);
    await tap(b, { osm_type: 'node', osm_id: 1001 }, 201);
    expect((await b.get('/api/map-contrib').expect(200)).body.items[0]).toMatchObject({ status: 'rejected', reason: 'already_tagged' });
    expect((await a.get('/api/map-contrib').expect(200)).body.items[0]).toMatchObject({ status: 'pending' });
  });
});

describe('GET /api/map-contrib', () => {
  it('401; only the user’s own contributions, newest first, with counts and the way to the next Pro year', async () => {
    await request(t.app).get('/api/map-contrib').expect(401);
    const user = await buildUser(t.ctx);
    const other = await buildUser(t.ctx);
    const at = clock.now().toISOString();
    const row = (user_id: number, osm_id: number, status: 'pending' | 'confirmed' | 'rejected') =>
      ({ user_id, osm_type: 'node', osm_id, venue_kind: 'shop', status, created_at: at, updated_at: at }) as const;
    await t.ctx.db
      .insertInto('map_contributions')
      .values([
        row(user.id, 1, 'confirmed'),
        row(user.id, 2, 'confirmed'),
        row(user.id, 3, 'rejected'),
        row(user.id, 4, 'pending'),
        row(other.id, 5, 'confirmed'),
      ])
      .execute();
    const body = (await agentAs(t, user).get('/api/map-contrib').query({ limit: 3 }).expect(200)).body;
    expect(body.items.map((c: { osm_id: number }) => c.osm_id)).toEqual([4, 3, 2]);
    expect(body).toMatchObject({ confirmed_count: 2, counts: { pending: 1, confirmed: 2, rejected: 1 }, per_grant: 100, to_next_grant: 98, pro_until: null });
    const rest = (await agentAs(t, user).get('/api/map-contrib').query({ limit: 3, cursor: body.next_cursor }).expect(200)).body;
    expect(rest.items.map((c: { osm_id: number }) => c.osm_id)).toEqual([1]);
  });
});
