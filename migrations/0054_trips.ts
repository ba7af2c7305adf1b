import type { Kysely } from 'kysely';
import { DOUBLE, withId } from '#platform/db/migration-helpers.js';

/**
 * Trips abroad (issue 51, decisions: Trips abroad): a planned trip of one dog, its times as ISO instants, and the
 * records the check reads beside the dog's (tapeworm treatment time, certificate day, antibody test). The
 * reminders need no table of their own: each is sent once through notify's dedupe key. The second index serves
 * the reminder job (trips ahead, by entry).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('trips'))
    .addColumn('dog_id', 'integer', (c) => c.notNull().references('dogs.id').onDelete('cascade'))
    .addColumn('country', 'varchar(2)', (c) => c.notNull())
    .addColumn('entry_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('return_at', 'varchar(40)')
    .addColumn('notes', 'text')
    .addColumn('tapeworm_treated_at', 'varchar(40)')
    .addColumn('ahc_issued_on', 'varchar(10)')
    .addColumn('titer_sampled_on', 'varchar(10)')
    .addColumn('titer_result_iu_ml', DOUBLE)
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trips_dog_idx').on('trips').columns(['dog_id', 'entry_at']).execute();
  await db.schema.createIndex('trips_entry_idx').on('trips').columns(['entry_at']).execute();
}
