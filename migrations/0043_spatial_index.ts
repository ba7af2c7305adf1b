import { sql, type Kysely } from 'kysely';
import { isPostgres } from '#platform/db/migration-helpers.js';

/**
 * A real spatial index for the geo-listed kinds (issue 34): the (lat, lon) B-tree bounded only the latitude, so a
 * nearby list read and sorted every item in that band of latitude across the country. The box query
 * (platform/db/spatial-index.ts) now reads only the items in the box:
 * - SQLite: an R*Tree per table (`<table>_rtree`, id = the item's id, one point as a degenerate box), kept in step
 *   by triggers, so every writer (routes, jobs, imports, account deletion) is covered.
 * - PostgreSQL: a GiST index on the expression `point(lon, lat)`, asked with `<@ box(…)`. No PostGIS.
 * The (lat, lon) B-trees stay: other queries of these tables do not change.
 */
const TABLES = ['poison_warnings', 'lost_dogs', 'playdates', 'walk_slots', 'adoptions', 'events', 'sitting', 'services'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    const t = sql.table(table);
    if (isPostgres(db)) {
      await sql`create index ${sql.id(`${table}_pos_gist`)} on ${t} using gist (point(lon, lat))`.execute(db);
      continue;
    }
    const rtree = sql.table(`${table}_rtree`);
    const trigger = (what: string) => sql.id(`${table}_rtree_${what}`);
    await sql`create virtual table ${rtree} using rtree(id, min_lat, max_lat, min_lon, max_lon)`.execute(db);
    await sql`create trigger ${trigger('insert')} after insert on ${t} begin
      insert into ${rtree} (id, min_lat, max_lat, min_lon, max_lon) values (new.id, new.lat, new.lat, new.lon, new.lon);
    end`.execute(db);
    await sql`create trigger ${trigger('update')} after update of id, lat, lon on ${t} begin
      delete from ${rtree} where id = old.id;
      insert into ${rtree} (id, min_lat, max_lat, min_lon, max_lon) values (new.id, new.lat, new.lat, new.lon, new.lon);
    end`.execute(db);
    await sql`create trigger ${trigger('delete')} after delete on ${t} begin
      delete from ${rtree} where id = old.id;
    end`.execute(db);
    await sql`insert into ${rtree} (id, min_lat, max_lat, min_lon, max_lon) select id, lat, lat, lon, lon from ${t}`.execute(db);
  }
}
