import type { Kysely } from 'kysely';
import { withId } from '#platform/db/migration-helpers.js';

/** The tables of the geo-listed community kinds (0015, 0016). */
const GEO_TABLES = ['poison_warnings', 'lost_dogs', 'playdates', 'adoptions', 'events', 'sitting', 'walk_slots', 'services'];

/**
 * Community on the map (issue 14), the rest of the shared module: one photo per item (its URL; the file lies in the
 * author's media folder) and reports of items to the moderators, one per person and item.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of GEO_TABLES) await db.schema.alterTable(table).addColumn('photo_url', 'varchar(300)').execute();
  await withId(db, db.schema.createTable('geo_item_reports'))
    // The kind's API path (poison-warnings, lost-dogs, …) and the item's id in that kind's table.
    .addColumn('kind', 'varchar(30)', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'varchar(1000)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('open'))
    .addColumn('resolved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(10)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('resolved_at', 'varchar(40)')
    .execute();
  await db.schema.createIndex('geo_item_reports_status_idx').on('geo_item_reports').columns(['status', 'id']).execute();
  await db.schema.createIndex('geo_item_reports_item_reporter_uq').on('geo_item_reports').columns(['kind', 'item_id', 'reporter_id']).unique().execute();
}
