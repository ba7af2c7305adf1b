import type { Kysely } from 'kysely';

/**
 * Where a user lives (issue 53, decisions: "Your place"): country (DE, AT, CH) and region (ISO 3166-2: DE-NI,
 * AT-9, CH-ZH). Filled from the home area by reverse geocoding unless set by hand (`manual` = 1, then a new home area
 * leaves it alone). A row of its own beside users, so the session's user row stays as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_places')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('country', 'varchar(2)')
    .addColumn('region', 'varchar(10)')
    .addColumn('manual', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
}
