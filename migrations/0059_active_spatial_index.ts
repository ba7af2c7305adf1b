import { sql, type Kysely } from 'kysely';
import { inOneTransaction, isPostgres } from '#platform/db/migration-helpers.js';

/**
 * The spatial index of the kinds with hidden states holds only the rows their lists show (issue 52). A poison
 * warning lives 14 days, so a service that runs for years keeps dozens of archived warnings for every active one in
 * a city's box; the list read them all from the index and dropped them on their status, a cost that grew with the
 * service. The lists of these kinds always leave the hidden states out (GeoKind.hidden), and nothing else asks
 * these indexes.
 * - SQLite: the R*Tree's triggers (migrations/0043) add a row only in a shown state, and follow status changes.
 * - PostgreSQL: a partial GiST index on point(lon, lat) for the shown rows beside the full one; the list writes the
 *   hidden states as literals (geo-items.repo.ts), so the planner can match the index's condition in any plan.
 */
export const ACTIVE_ONLY: Record<string, { column: string; hidden: string[] }> = {
  poison_warnings: { column: 'status', hidden: ['archived', 'false_alarm'] },
  adoptions: { column: 'status', hidden: ['adopted'] },
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await inOneTransaction(db, async (db) => {
    for (const [table, { column, hidden }] of Object.entries(ACTIVE_ONLY)) {
      const t = sql.table(table);
      const shown = (row: string) => sql`${sql.raw(row)}.${sql.id(column)} not in (${sql.join(hidden.map((v) => sql.lit(v)))})`;
      if (isPostgres(db)) {
        await sql`create index ${sql.id(`${table}_shown_pos_gist`)} on ${t} using gist (point(lon, lat)) where ${sql.id(column)} not in (${sql.join(
          hidden.map((v) => sql.lit(v)),
        )})`.execute(db);
        continue;
      }
      const rtree = sql.table(`${table}_rtree`);
      const trigger = (what: string) => sql.id(`${table}_rtree_${what}`);
      const add = sql`insert into ${rtree} (id, min_lat, max_lat, min_lon, max_lon) select new.id, new.lat, new.lat, new.lon, new.lon where ${shown('new')};`;
      await sql`drop trigger ${trigger('insert')}`.execute(db);
      await sql`drop trigger ${trigger('update')}`.execute(db);
      await sql`create trigger ${trigger('insert')} after insert on ${t} begin ${add} end`.execute(db);
      await sql`create trigger ${trigger('update')} after update of id, lat, lon, ${sql.id(column)} on ${t} begin
        delete from ${rtree} where id = old.id;
        ${add}
      end`.execute(db);
      await sql`delete from ${rtree} where id in (select id from ${t} where not (${shown(table)}))`.execute(db);
    }
  });
}
