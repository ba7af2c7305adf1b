import type { Kysely } from 'kysely';
import { DOUBLE, withId } from '#platform/db/migration-helpers.js';

/** Places: the users' own points of interest on the map (issue 15), public or private, with several types. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('places'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    // Comma-separated, as the spec says (tierarzt,hundesalon); statistics count each type.
    .addColumn('types', 'varchar(300)', (c) => c.notNull())
    .addColumn('description', 'varchar(2000)')
    .addColumn('lat', DOUBLE, (c) => c.notNull())
    .addColumn('lon', DOUBLE, (c) => c.notNull())
    .addColumn('public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('places_pos_idx').on('places').columns(['lat', 'lon']).execute();
  await db.schema.createIndex('places_user_idx').on('places').columns(['user_id']).execute();
}
