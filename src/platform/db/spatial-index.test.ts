import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentAs, buildUser, type BuiltUser } from '../../../test/helpers/factories.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { boundingBox } from '#core/geo/bounding-box.js';
import { rowsInBox } from '#core/geo-items/geo-items.repo.js';
import type { Db } from '#core/db/index.js';
import { isPostgres } from './migration-helpers.js';

/**
 * The spatial index of the geo-listed kinds (migrations/0043_spatial_index.ts, platform/db/spatial-index.ts): a nearby
 * list reads the items in its box, not every item in its band of latitude, and the index follows every write.
 */
const t = useTestApp();
const HOME = { lat: 50.1, lon: 8.7 };
const FAR = 20_000;
let user: BuiltUser;

const service = (userId: number, lat: number, lon: number, name: string) => {
  const now = '2026-11-21T10:00:00.000Z';
  return { user_id: userId, lat, lon, name, category: 'tierarzt' as const, created_at: now, updated_at: now };
};

/** The statement rowsInBox sends, with its parameters (recorded on the way out, not run twice). */
async function boxQueryOf(db: Db, center: { lat: number; lon: number }, radiusKm: number): Promise<CompiledQuery> {
  const nodes: RootOperationNode[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node }) => (nodes.push(node), node),
    transformResult: async ({ result }) => result,
  };
  await rowsInBox(db.withPlugin(recorder), 'services', ['name'], boundingBox(center, radiusKm), center, 400);
  return db.getExecutor().compileQuery(nodes[0]!, { queryId: 'spatial-index-test' } as never);
}

async function planOf(db: Db, query: CompiledQuery): Promise<string[]> {
  if (isPostgres(db)) {
    const r = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
    return r.rows.map((row) => row['QUERY PLAN']);
  }
  const r = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
  return r.rows.map((row) => row.detail);
}

const listNames = async (at: { lat: number; lon: number }, radiusKm = 10) =>
  ((await agentAs(t, user).get(`/api/services?lat=${at.lat}&lon=${at.lon}&radius_km=${radiusKm}`).expect(200)).body.items as { name: string }[]).map(
    (i) => i.name,
  );

beforeAll(async () => {
  user = await buildUser(t.ctx);
  // 20,000 services in the user's band of latitude, spread over 170° of longitude, none within 1° of the user…
  const far = [];
  for (let i = 0; far.length < FAR; i++) {
    const lon = -85 + (i * 170) / (FAR + 240);
    if (Math.abs(lon - HOME.lon) > 1) far.push(service(user.id, HOME.lat + (i % 50) * 0.001, lon, `fern ${i}`));
  }
  // …and five near the user, 1 to 5 km to the east.
  const near = [1, 2, 3, 4, 5].map((km) => service(user.id, HOME.lat, HOME.lon + km / 71.5, `nah ${km}`));
  const rows = [...far, ...near];
  for (let i = 0; i < rows.length; i += 500)
    await t.ctx.db
      .insertInto('services')
      .values(rows.slice(i, i + 500))
      .execute();
  if (isPostgres(t.ctx.db)) await sql`analyze services`.execute(t.ctx.db);
}, 120_000);

describe('spatial index of the nearby lists', () => {
  it('answers the items near the user, nearest first, among 20,000 in the same band of latitude', async () => {
    expect(await listNames(HOME)).toEqual(['nah 1', 'nah 2', 'nah 3', 'nah 4', 'nah 5']);
  });

  it('reads only the box: the plan goes through the spatial index and never scans the table', async () => {
    const plan = await planOf(t.ctx.db, await boxQueryOf(t.ctx.db, HOME, 10));
    const text = plan.join('\n');
    if (isPostgres(t.ctx.db)) {
      expect(text).toContain('services_pos_gist');
      expect(text).not.toMatch(/Seq Scan on services/);
    } else {
      // The R*Tree's own statement (nearestInRtree) picked the ids; the rows are read by them alone.
      expect(text).toMatch(/SEARCH services USING INTEGER PRIMARY KEY/);
      expect(text).not.toMatch(/SCAN services\b(?!_rtree)/);
      expect(text).not.toContain('services_pos_idx');
    }
  });

  it('on SQLite, the R*Tree hands over only the rows in the box', async () => {
    if (isPostgres(t.ctx.db)) return;
    const box = boundingBox(HOME, 10);
    const [[minLon, maxLon]] = box.lonRanges as [[number, number]];
    const { rows } = await sql<{ n: number }>`select count(*) as n from services_rtree
      where max_lat >= ${box.minLat} and min_lat <= ${box.maxLat} and max_lon >= ${minLon} and min_lon <= ${maxLon}`.execute(t.ctx.db);
    expect(rows[0]!.n).toBe(5);
  });

  it('follows every write: create, move, direct insert, delete', async () => {
    const agent = agentAs(t, user);
    const spot = { lat: -33.9, lon: 18.4 };
    const created = await agent
      .post('/api/services')
      .send({ ...spot, name: 'neu', category: 'hundesalon' })
      .expect(201);
    expect(await listNames(spot)).toEqual(['neu']);
    // moved 300 km away: gone from here, found there
    await agent.patch(`/api/services/${created.body.id}`).send({ lat: -31.2, lon: 18.4 }).expect(200);
    expect(await listNames(spot)).toEqual([]);
    expect(await listNames({ lat: -31.2, lon: 18.4 })).toEqual(['neu']);
    // a writer that is not the route (an import, a job) is covered by the triggers too
    await t.ctx.db
      .insertInto('services')
      .values(service(user.id, spot.lat, spot.lon, 'direkt'))
      .execute();
    expect(await listNames(spot)).toEqual(['direkt']);
    await agent.delete(`/api/services/${created.body.id}`).expect(204);
    expect(await listNames({ lat: -31.2, lon: 18.4 })).toEqual([]);
    if (!isPostgres(t.ctx.db)) {
      const { rows } = await sql<{ missing: number; extra: number }>`select
        (select count(*) from services s where not exists (select 1 from services_rtree r where r.id = s.id
          and r.min_lat <= s.lat and r.max_lat >= s.lat and r.min_lon <= s.lon and r.max_lon >= s.lon)) as missing,
        (select count(*) from services_rtree r where not exists (select 1 from services s where s.id = r.id)) as extra`.execute(t.ctx.db);
      expect(rows[0]).toEqual({ missing: 0, extra: 0 });
    }
  });

  it('keeps the antimeridian and the poles', async () => {
    await t.ctx.db
      .insertInto('services')
      .values([service(user.id, 10, 179.99, 'ost'), service(user.id, 10, -179.99, 'west'), service(user.id, 89.99, -120, 'pol')])
      .execute();
    expect((await listNames({ lat: 10, lon: 179.999 })).sort()).toEqual(['ost', 'west']);
    expect((await listNames({ lat: 10, lon: -179.999 })).sort()).toEqual(['ost', 'west']);
    expect(await listNames({ lat: 89.995, lon: 60 })).toEqual(['pol']);
  });

  it("pages in the R*Tree's order are the pages of the whole box: a crowd at one point, rows a hair apart", async () => {
    const AT = { lat: -20.5, lon: 30.25 };
    // 40 at the very same point (ties: the id decides), 160 a hair (1e-7°, under the R*Tree's float steps) to 300 m
    // apart, so the tree's bounds overlap and the exact check must decide.
    const rows = [
      ...Array.from({ length: 40 }, (_, i) => service(user.id, AT.lat + 0.001, AT.lon, `punkt ${i}`)),
      ...Array.from({ length: 160 }, (_, i) => service(user.id, AT.lat + (i % 2 ? 1e-7 : 0) * i, AT.lon + (i % 40) * 7e-5, `nah ${i}`)),
    ];
    await t.ctx.db.insertInto('services').values(rows).execute();
    const box = boundingBox(AT, 5);
    const pages = async (index: 'spatial' | 'columns') => {
      const out: number[][] = [];
      let after: { d: number; id: number } | undefined;
      for (;;) {
        const got = await rowsInBox(t.ctx.db, 'services', ['name'], box, AT, 30, undefined, { after }, { index });
        if (!got.length) return out;
        out.push(got.map((r) => r.id));
        after = { d: got.at(-1)!.dist, id: got.at(-1)!.id };
      }
    };
    const spatial = await pages('spatial');
    expect(spatial.flat()).toHaveLength(200);
    expect(spatial).toEqual(await pages('columns'));
  });
});
