import type { Kysely } from 'kysely';
import { withId } from '#platform/db/migration-helpers.js';

/**
 * Heat cycles, care routines and training sessions (issue 12): per-dog records with the frame of the record module
 * (id, dog_id, created_at, updated_at), going with their dog (ON DELETE CASCADE).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const recordTable = (name: string) =>
    withId(db, db.schema.createTable(name)).addColumn('dog_id', 'integer', (c) => c.notNull().references('dogs.id').onDelete('cascade'));

  await recordTable('heat_cycles')
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)')
    .addColumn('notes', 'varchar(5000)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  // Newest-first pages and the prediction (the last starts of a dog); the follow-up job looks cycles up by start.
  await db.schema.createIndex('heat_cycles_dog_start_idx').on('heat_cycles').columns(['dog_id', 'start_date', 'id']).execute();
  await db.schema.createIndex('heat_cycles_start_idx').on('heat_cycles').columns(['start_date']).execute();

  await recordTable('care_routines')
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('intervall_tage', 'integer', (c) => c.notNull())
    .addColumn('last_done', 'varchar(10)')
    // Computed by the server (last_done + intervall_tage) and stored, so the reminder job finds due routines by index.
    .addColumn('next_due', 'varchar(10)')
    .addColumn('product', 'varchar(200)')
    .addColumn('notes', 'varchar(5000)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('care_routines_dog_idx').on('care_routines').columns(['dog_id', 'id']).execute();
  await db.schema.createIndex('care_routines_due_idx').on('care_routines').columns(['next_due', 'id']).execute();

  await recordTable('training_sessions')
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('skill', 'varchar(200)', (c) => c.notNull())
    .addColumn('duration_min', 'integer', (c) => c.notNull())
    .addColumn('rating', 'integer')
    .addColumn('notes', 'varchar(5000)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('training_sessions_dog_date_idx').on('training_sessions').columns(['dog_id', 'date', 'id']).execute();
}
