import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentAs, buildUser } from '../../../test/helpers/factories.js';
import { destination } from '../../../test/helpers/geo.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { boundingBox, distanceKm, inBox, NearQuery, nearest, Position, whereInBox } from './index.js';

const BERLIN = { lat: 52.52, lon: 13.405 };
const HAMBURG = { lat: 53.5511, lon: 9.9937 };

/** A small deterministic generator (mulberry32), so a failing case can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('great-circle distance', () => {
  it('measures known city pairs', () => {
    expect(distanceKm(BERLIN, HAMBURG)).toBeGreaterThan(254);
    expect(distanceKm(BERLIN, HAMBURG)).toBeLessThan(256);
    expect(distanceKm({ lat: 48.1351, lon: 11.582 }, { lat: 48.2082, lon: 16.3738 })).toBeCloseTo(354, -1); // München–Wien
    expect(distanceKm(BERLIN, BERLIN)).toBe(0);
  });

  it('goes the short way across the antimeridian', () => {
    expect(distanceKm({ lat: 0, lon: 179.9 }, { lat: 0, lon: -179.9 })).toBeCloseTo(22.2, 1);
  });

  it('handles the poles', () => {
    expect(distanceKm({ lat: 89.9, lon: 0 }, { lat: 89.9, lon: 180 })).toBeCloseTo(22.2, 1);
    expect(distanceKm({ lat: 90, lon: 0 }, { lat: -90, lon: 0 })).toBeCloseTo(Math.PI * 6371.0088, 3);
  });
});

describe('bounding box', () => {
  it('splits at the antimeridian and spans every longitude around a pole', () => {
    expect(boundingBox({ lat: 0, lon: 179.95 }, 20).lonRanges).toHaveLength(2);
    expect(boundingBox({ lat: 0, lon: -179.95 }, 20).lonRanges).toHaveLength(2);
    expect(boundingBox({ lat: 89.95, lon: 10 }, 20).lonRanges).toEqual([[-180, 180]]);
    expect(boundingBox(BERLIN, 10).lonRanges).toHaveLength(1);
  });

  it('never drops a point inside the radius (random centres, radii and points on and inside the circle)', () => {
    const rnd = random(20261124);
    for (let i = 0; i < 5000; i++) {
      const center = { lat: rnd() * 180 - 90, lon: rnd() * 360 - 180 };
      const radius = 0.1 + rnd() * 199.9;
      const point = destination(center, radius * (i % 4 === 0 ? 1 : rnd()), rnd() * 360);
      if (distanceKm(center, point) <= radius) expect(inBox(boundingBox(center, radius), point), JSON.stringify({ center, radius, point })).toBe(true);
    }
  });

  it('stays tight: points well outside the radius mostly fall outside the box', () => {
    const box = boundingBox(BERLIN, 10);
    expect(inBox(box, HAMBURG)).toBe(false);
    expect(box.maxLat - box.minLat).toBeCloseTo(0.18, 2);
  });
});

describe('nearest', () => {
  it('keeps the items within the radius, nearest first, with distance_km to 0.1', () => {
    const items = [
      { id: 1, ...HAMBURG },
      { id: 2, ...destination(BERLIN, 3.14159, 90) },
      { id: 3, ...destination(BERLIN, 1.26, 0) },
      { id: 4, ...destination(BERLIN, 1.26, 180) },
    ];
    expect(nearest(items, BERLIN, 10).map((i) => [i.id, i.distance_km])).toEqual([
      [3, 1.3],
      [4, 1.3],
      [2, 3.1],
    ]);
    expect(nearest(items, BERLIN, 300, 1).map((i) => i.id)).toEqual([3]);
  });
});

describe('NearQuery', () => {
  it('defaults the radius to 10 km and refuses 0, 201, lat 91 and lon 181', () => {
    expect(NearQuery.parse({ lat: '52.5', lon: '13.4' })).toEqual({ lat: 52.5, lon: 13.4, radius_km: 10 });
    expect(NearQuery.parse({ lat: '52.5', lon: '13.4', radius_km: '200' }).radius_km).toBe(200);
    for (const bad of [{ radius_km: '0' }, { radius_km: '201' }, { lat: '91' }, { lon: '181' }, { lat: 'abc' }]) {
      expect(NearQuery.safeParse({ lat: '52.5', lon: '13.4', ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('positions are kept to 7 decimals', () => {
  const t = useTestApp();

  it('rounds 52.123456789 to 52.1234568 and a value as small as 1e-300 (or -0) to 0', () => {
    expect(NearQuery.parse({ lat: '52.123456789', lon: '-1e-300' })).toMatchObject({ lat: 52.1234568, lon: 0 });
    expect(Object.is(Position.parse({ lat: -6e-323, lon: -0 }).lon, 0)).toBe(true);
    expect(Position.parse({ lat: 1e-300, lon: 13.40500004 })).toEqual({ lat: 0, lon: 13.405 });
  });

  // Found by the fuzz stage: on PostgreSQL a search near such a stored position failed with "value out of range:
  // underflow" (500), as (lat - center)² underflows in float8.
  it('a search among positions near 1e-300 answers 200 on this engine', async () => {
    const user = await buildUser(t.ctx);
    const agent = agentAs(t, user);
    await agent.post('/api/poison-warnings').send({ lat: 1e-300, lon: -6e-323, kind: 'poison', description: 'Köder' }).expect(201);
    const res = await agent.get('/api/poison-warnings?lat=1e-300&lon=1e-300').expect(200);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ lat: 0, lon: 0 });
  });
});

describe('whereInBox in SQL (this engine)', () => {
  const t = useTestApp();
  interface Probe {
    geo_probe: { id: number; lat: number; lon: number };
  }
  let db: Kysely<Probe>;
  const rnd = random(42);
  const points = Array.from({ length: 3000 }, (_, i) => ({ id: i + 1, lat: rnd() * 180 - 90, lon: rnd() * 360 - 180 }));

  beforeAll(async () => {
    db = t.ctx.db as unknown as Kysely<Probe>;
    await db.schema
      .createTable('geo_probe')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('lat', 'double precision')
      .addColumn('lon', 'double precision')
      .execute();
    for (let i = 0; i < points.length; i += 500)
      await db
        .insertInto('geo_probe')
        .values(points.slice(i, i + 500))
        .execute();
  });

  it('returns exactly the points the box holds, across the antimeridian and at the poles too', async () => {
    for (const [center, radius] of [
      [{ lat: 0, lon: 179.5 }, 200],
      [{ lat: 89, lon: 0 }, 200],
      [{ lat: -10, lon: 20 }, 200],
    ] as const) {
      const box = boundingBox(center, radius);
      const rows = await db
        .selectFrom('geo_probe')
        .select(['id', 'lat', 'lon'])
        .where((eb) => whereInBox(eb, box, 'lat', 'lon'))
        .execute();
      const expected = points.filter((p) => inBox(box, p)).map((p) => p.id);
      expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(expected);
      // and the exact step keeps every point within the radius
      expect(nearest(rows, center, radius).length).toBe(points.filter((p) => distanceKm(center, p) <= radius).length);
    }
  });
});
