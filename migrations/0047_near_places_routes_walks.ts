import { sql, type Kysely } from 'kysely';
import { DOUBLE, inOneTransaction, isPostgres } from '#platform/db/migration-helpers.js';

/**
 * Distance searches for places, routes and walks (decisions, "What users tripped over (wave 4)").
 *
 * Routes and walks get a representative point, `lat`/`lon`: where they start (a route's first position, a walk's
 * first track point, else the start of the route it followed). The start is where one sets off, so "routes near me"
 * are routes one can begin from here; it is one stable point per row, which the same box query and index as the map
 * kinds serve (a nearest point on the whole line would need a line geometry index, i.e. PostGIS, which nothing may
 * require). A walk with neither track nor route has no position and stays out of distance searches.
 *
 * Indexes, as migration 0043 did for the geo-listed kinds:
 * - places and routes (public ones and one's own, so everybody's rows are in the box): an R*Tree per table on
 *   SQLite (`<table>_rtree`, kept by triggers; a row without a position is left out), GiST on point(lon, lat) on
 *   PostgreSQL.
 * - walks (only one's own): a B-tree on (user_id, lat, lon), so the search reads the user's own walks in the band of
 *   latitude and never other users' walks in the same box.
 */
const SPATIAL = ['places', 'routes'];
const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  await inOneTransaction(db, async (db) => {
    for (const table of ['routes', 'walks']) for (const column of ['lat', 'lon']) await db.schema.alterTable(table).addColumn(column, DOUBLE).execute();
    await fillStarts(db, 'routes', 'geometry_json', (p) => ({ lon: p[0], lat: p[1] }));
    await fillStarts(db, 'walks', 'track_json', (p) => ({ lat: p[0], lon: p[1] }));
    await sql`update walks set lat = (select r.lat from routes r where r.id = walks.route_id), lon = (select r.lon from routes r where r.id = walks.route_id)
      where lat is null and route_id is not null`.execute(db);
    await db.schema.createIndex('walks_user_pos_idx').on('walks').columns(['user_id', 'lat', 'lon']).execute();
    for (const table of SPATIAL) await spatialIndex(db, table);
  });
}

/** The first position of each row's JSON line, in id batches (the order of its numbers differs per column). */
async function fillStarts(db: Kysely<unknown>, table: string, column: string, start: (p: number[]) => { lat?: number | undefined; lon?: number | undefined }) {
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; line: string | null }>`select id, ${sql.ref(column)} as line from ${sql.table(table)}
      where id > ${after} order by id limit ${BATCH}`.execute(db);
    for (const row of rows) {
      const first = row.line ? (JSON.parse(row.line) as number[][])[0] : undefined;
      const p = first ? start(first) : {};
      if (typeof p.lat === 'number' && typeof p.lon === 'number')
        await sql`update ${sql.table(table)} set lat = ${p.lat}, lon = ${p.lon} where id = ${row.id}`.execute(db);
    }
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

async function spatialIndex(db: Kysely<unknown>, table: string) {
  const t = sql.table(table);
  if (isPostgres(db)) {
    await sql`create index ${sql.id(`${table}_pos_gist`)} on ${t} using gist (point(lon, lat))`.execute(db);
    return;
  }
  const rtree = sql.table(`${table}_rtree`);
  const trigger = (what: string) => sql.id(`${table}_rtree_${what}`);
  const add = sql`insert into ${rtree} (id, min_lat, max_lat, min_lon, max_lon) select new.id, new.lat, new.lat, new.lon, new.lon
      where new.lat is not null and new.lon is not null;`;
  await sql`create virtual table ${rtree} using rtree(id, min_lat, max_lat, min_lon, max_lon)`.execute(db);
  await sql`create trigger ${trigger('insert')} after insert on ${t} begin ${add} end`.execute(db);
  await sql`create trigger ${trigger('update')} after update of id, lat, lon on ${t} begin
      delete from ${rtree} where id = old.id;
      ${add}
    end`.execute(db);
  await sql`create trigger ${trigger('delete')} after delete on ${t} begin
      delete from ${rtree} where id = old.id;
    end`.execute(db);
  await sql`insert into ${rtree} (id, min_lat, max_lat, min_lon, max_lon) select id, lat, lat, lon, lon from ${t} where lat is not null and lon is not null`.execute(
    db,
  );
}
