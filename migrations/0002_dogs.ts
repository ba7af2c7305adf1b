import type { Kysely } from 'kysely';
import { withId } from '#platform/db/migration-helpers.js';

/** Dogs: the owned root of every per-dog record (diary, health, care, …), deleted with their owner. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('dogs'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('breed', 'varchar(80)')
    .addColumn('breed_slug', 'varchar(100)')
    .addColumn('bio', 'varchar(2000)')
    .addColumn('birth_date', 'varchar(10)')
    .addColumn('sex', 'varchar(10)')
    .addColumn('neutered', 'integer')
    .addColumn('chip_number', 'varchar(50)')
    .addColumn('weight_kg', 'double precision')
    .addColumn('color', 'varchar(80)')
    .addColumn('photo_url', 'varchar(500)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dogs_user_idx').on('dogs').column('user_id').execute();
}
