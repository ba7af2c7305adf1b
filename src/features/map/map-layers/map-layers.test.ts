import request from 'supertest';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeOverpassServer } from '../../../../test/fakes/overpass-server.js';
import { agentAs, buildUser } from '../../../../test/helpers/factories.js';
import { createTestApp, useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock, HOUR } from '#core/clock.js';
import { OVERPASS_MAX_BYTES, runOverpass } from './overpass.client.js';
import { parseBbox, tilesOf } from './tiles.js';

const [a, b, c] = [new FakeOverpassServer(), new FakeOverpassServer(), new FakeOverpassServer()];
await Promise.all([a.start(), b.start(), c.start()]);
afterAll(() => Promise.all([a.stop(), b.stop(), c.stop()]));
const clock = fixedClock('2026-06-01T10:00:00Z');
const t = useTestApp({ clock, env: { OVERPASS_URLS: [a.url, b.url, c.url].join(',') } });

let row = 0;
/** A fresh one-tile box each time (tiles of 0.25°), so the cache answers only when a test wants it to. */
function nextBox() {
  const south = 47.5 + Math.floor(row / 20) * 0.25;
  const west = 6 + (row++ % 20) * 0.25;
  return `${(south + 0.01).toFixed(2)},${(west + 0.01).toFixed(2)},${(south + 0.24).toFixed(2)},${(west + 0.24).toFixed(2)}`;
}
async function get(layer: string, bbox: string, status: number) {
  return agentAs(t, await buildUser(t.ctx))
    .get(`/api/map/layers/${layer}`)
    .query({ bbox })
    .expect(status);
}

beforeEach(() => {
  for (const s of [a, b, c]) {
    s.mode = 'ok';
    s.queries = [];
  }
});

describe('GET /api/map/layers/:layer', () => {
  it('answers GeoJSON from the first instance with the layer’s tags, ways at their centre, and caches the tile for every later request', async () => {
    const bbox = nextBox();
    const res = await get('vet', bbox, 200);
    expect(res.body).toMatchObject({ type: 'FeatureCollection', layer: 'vet', label: 'Tierärzte', stale: false });
    expect(res.body.features).toHaveLength(3);
    expect(res.body.features[0].properties).toMatchObject({
      osm_type: 'node',
      name: 'Tierarztpraxis Wau',
      type: 'veterinary',
      opening_hours: 'Mo-Fr 08:00-18:00',
      dog: null,
    });
    expect(res.body.features[1]).toMatchObject({ geometry: { type: 'Point' }, properties: { osm_type: 'way', osm_id: 42, type: 'pet_grooming' } });
    expect(a.queries).toHaveLength(1);
    expect(a.queries[0]).toContain('nwr["amenity"="veterinary"]');
    expect(a.queries[0]).toMatch(/^\[out:json\]\[timeout:25\]/);
    await get('vet', bbox, 200);
    expect(a.queries).toHaveLength(1);
    // The groomer layer asks for the shop and the craft, as the spec says.
    await get('groomer', nextBox(), 200);
    expect(a.queries[1]).toContain('nwr["shop"="pet_grooming"]');
    expect(a.queries[1]).toContain('nwr["craft"="pet_grooming"]');
  });

  it('falls back in order: the first 429, the second a runtime-error remark, the third answers; the failed ones rest', async () => {
    a.mode = '429';
    b.mode = 'runtime-error';
    await get('water', nextBox(), 200);
    expect([a.queries.length, b.queries.length, c.queries.length]).toEqual([1, 1, 1]);
    // Right after, the resting instances are not asked again.
    await get('water', nextBox(), 200);
    expect([a.queries.length, b.queries.length, c.queries.length]).toEqual([1, 1, 2]);
  });

  it('treats HTML, truncated JSON and 504 as failures; all failing without a cache → 503 in German', async () => {
    // Fresh app state: the instances rest after the previous test, so use a second app on the same fakes.
    for (const [mode, fallback] of [
      ['html', 'truncated'],
      ['504', 'html'],
    ] as const) {
      const app = await (await import('../../../../test/helpers/test-app.js')).createTestApp({ clock, env: { OVERPASS_URLS: [a.url, b.url].join(',') } });
      try {
        a.mode = mode;
        b.mode = fallback;
        const res = await agentAs(app, await buildUser(app.ctx))
          .get('/api/map/layers/vet')
          .query({ bbox: nextBox() })
          .expect(503);
        expect(res.body.error).toEqual({ code: 'map_data_unavailable', message: 'Kartendaten sind gerade nicht verfügbar.' });
      } finally {
        await app.close();
      }
    }
  });

  it('serves a tile older than a day at once and refreshes it in the background; a cached tile survives an outage', async () => {
    const bbox = nextBox();
    await get('dog_park', bbox, 200);
    clock.set(new Date(Date.parse('2026-06-01T10:00:00Z') + 25 * HOUR));
    const stale = await get('dog_park', bbox, 200);
    expect(stale.body.stale).toBe(true);
    await expect.poll(() => c.queries.length + a.queries.length + b.queries.length).toBeGreaterThanOrEqual(2);
    // Every instance down: the tile that is still cached is served (marked stale), not a 503.
    clock.set(new Date(Date.parse('2026-06-01T10:00:00Z') + 50 * HOUR));
    for (const s of [a, b, c]) s.mode = '504';
    const outage = await get('dog_park', bbox, 200);
    expect(outage.body).toMatchObject({ stale: true });
    expect(outage.body.features.length).toBeGreaterThan(0);
    clock.set('2026-06-01T10:00:00Z');
  });

  it('400 for a malformed or too large box, 404 for an unknown layer, 401 without a session', async () => {
    for (const bbox of ['', '52,13,52.1', '52,13,52.1,x', '52.2,13,52.1,13.1', '95,13,96,13.1', '52,13,52.6,13.1']) await get('vet', bbox, 400);
    expect((await get('vet', '52,13,52.6,13.1', 400)).body.error.message).toBe('Der Kartenausschnitt ist zu groß: zoom bitte näher heran.');
    await get('zoo', nextBox(), 404);
    await request(t.app).get('/api/map/layers/vet').query({ bbox: nextBox() }).expect(401);
  });
});

describe('the answer cap', () => {
  it('takes an Overpass answer of 12 MB (above the old 8 MB cap) and refuses one above 20 MB (decisions: map data 20 MB)', async () => {
    expect(OVERPASS_MAX_BYTES).toBe(20 * 1024 * 1024);
    // A second app on one instance: the refused answer lets the instance rest, which must not touch the other tests.
    const app = await createTestApp({ clock, env: { OVERPASS_URLS: a.url } });
    try {
      const query = '[out:json];node["amenity"="veterinary"](48.1,11.5,48.2,11.65);out center;';
      a.padding = 12 * 1024 * 1024;
      const big = await runOverpass(app.ctx, query);
      expect(big?.[0]?.tags?.description).toHaveLength(12 * 1024 * 1024);
      a.padding = OVERPASS_MAX_BYTES;
      expect(await runOverpass(app.ctx, query)).toBeNull();
      expect(a.queries).toHaveLength(2);
    } finally {
      a.padding = 0;
      await app.close();
    }
  });
});

describe('the User-Agent', () => {
  it('a library default is refused with 406 by the instance, logged loudly, and ends in 503 like any outage', async () => {
    const { createTestApp } = await import('../../../../test/helpers/test-app.js');
    const app = await createTestApp({ clock, env: { OVERPASS_URLS: a.url, HTTP_USER_AGENT: 'node' } });
    try {
      a.mode = 'ok';
      await agentAs(app, await buildUser(app.ctx))
        .get('/api/map/layers/vet')
        .query({ bbox: nextBox() })
        .expect(503);
      expect(a.queries).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});

describe('tiles', () => {
  it('cover a box with 0.25° tiles by their south-west corner, at most 3 × 3 for the largest box', () => {
    expect(tilesOf(parseBbox('52.40,13.30,52.60,13.50')).map((t) => t.key)).toEqual(['52.25,13.25', '52.50,13.25']);
    expect(tilesOf(parseBbox('52.10,13.10,52.60,13.60'))).toHaveLength(9);
    expect(tilesOf(parseBbox('-0.1,-0.1,0.1,0.1')).map((t) => t.key)).toEqual(['-0.25,-0.25', '-0.25,0.00', '0.00,-0.25', '0.00,0.00']);
  });
});

describe('GET /api/map/search', () => {
  it('asks Overpass for venues named like the words in the box and answers those that get the dog-welcome button', async () => {
    const venues: FakeOverpassServer['extra'] = [
      { type: 'node', id: 501, lat: 48.14, lon: 11.57, tags: { amenity: 'cafe', name: 'Café Luitpold' } },
      { type: 'node', id: 502, lat: 48.141, lon: 11.571, tags: { shop: 'bakery', name: 'Luitpold Backstube', dog: 'yes' } },
      { type: 'node', id: 503, lat: 48.142, lon: 11.572, tags: { leisure: 'park', name: 'Luitpoldpark' } },
    ];
    // Earlier tests leave instances resting: whichever answers gets the venues.
    for (const s of [a, b, c]) s.extra = venues;
    try {
      const res = await agentAs(t, await buildUser(t.ctx))
        .get('/api/map/search')
        .query({ bbox: '48.10,11.50,48.20,11.65', q: 'Luitpold St. ' })
        .expect(200);
      const [query] = [a, b, c].flatMap((s) => s.queries);
      expect(query).toContain('["name"~"Luitpold St\\\\.",i]');
      expect(query).toContain('(48.1,11.5,48.2,11.65)');
      const found = res.body.items.map((f: { properties: { osm_id: number; welcome_kind: string; dog: string | null } }) => [
        f.properties.osm_id,
        f.properties.welcome_kind,
        f.properties.dog,
      ]);
      expect(found).toEqual(
        expect.arrayContaining([
          [501, 'cafe', null],
          [502, 'shop', 'yes'],
        ]),
      );
      expect(found.some(([id]: [number]) => id === 503)).toBe(false);
    } finally {
      for (const s of [a, b, c]) s.extra = [];
    }
  });

  it('400 for words with regex or query marks, too short, or no box; 503 when no instance answers; 401', async () => {
    const user = agentAs(t, await buildUser(t.ctx));
    for (const q of ['a', 'x"];out;', 'caf.*', '(a|b)']) await user.get('/api/map/search').query({ bbox: '48.10,11.50,48.20,11.65', q }).expect(400);
    await user.get('/api/map/search').query({ q: 'Café' }).expect(400);
    for (const s of [a, b, c]) s.mode = '504';
    const down = await user.get('/api/map/search').query({ bbox: '48.10,11.50,48.20,11.65', q: 'Café' }).expect(503);
    expect(down.body.error.message).toBe('Kartendaten sind gerade nicht verfügbar.');
    await request(t.app).get('/api/map/search').query({ bbox: '48.10,11.50,48.20,11.65', q: 'Café' }).expect(401);
  });
});
