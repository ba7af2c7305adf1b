import type { Kysely } from 'kysely';
import { inOneTransaction } from '#platform/db/migration-helpers.js';

/**
 * Walk weather (issue 52): the DWD's warnings through Bright Sky's /alerts, asked once per warn cell.
 *
 * - `weather_places`: a home area (position rounded to 0.01°, about 1 km) and the warn cell Bright Sky placed it in
 *   (null: outside Germany, no cell), so a cell is asked by its id and a user's position is looked up once.
 * - `weather_cell_alerts`: per cell the last list Bright Sky gave (`fetched_at`) and how the last ask went
 *   (`checked_at`, `failed`), so the app can tell a fresh list from the last good one and from none at all;
 *   `told_json`: the warnings whose push went to every user of the cell, so later runs skip them.
 *
 * The push goes once per warning and user through the notifications' unique dedupe key (weather:<cap id>:<user>).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await inOneTransaction(db, async (db) => {
    await db.schema
      .createTable('weather_places')
      .addColumn('lat_e2', 'integer', (c) => c.notNull())
      .addColumn('lon_e2', 'integer', (c) => c.notNull())
      .addColumn('warn_cell_id', 'integer')
      .addColumn('place_name', 'varchar(200)')
      .addColumn('resolved_at', 'varchar(30)', (c) => c.notNull())
      .addPrimaryKeyConstraint('weather_places_pk', ['lat_e2', 'lon_e2'])
      .execute();
    await db.schema.createIndex('weather_places_cell_idx').on('weather_places').column('warn_cell_id').execute();
    await db.schema
      .createTable('weather_cell_alerts')
      .addColumn('warn_cell_id', 'integer', (c) => c.primaryKey())
      .addColumn('alerts_json', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('fetched_at', 'varchar(30)')
      .addColumn('checked_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('told_json', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  });
}
