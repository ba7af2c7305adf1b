import type { Kysely } from 'kysely';
import { withId } from '#platform/db/migration-helpers.js';

/**
 * Doses (issue 51, decisions: Doses and parasite plan): a medication's doses per day, units on hand and their
 * unit; each dose the household ticks off is a row with who gave it. The index serves a medication's list
 * (newest first) and "still due today" (a day's doses).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('medications').addColumn('doses_per_day', 'integer').execute();
  await db.schema.alterTable('medications').addColumn('stock', 'integer').execute();
  await db.schema.alterTable('medications').addColumn('unit', 'varchar(40)').execute();
  await withId(db, db.schema.createTable('doses'))
    .addColumn('medication_id', 'integer', (c) => c.notNull().references('medications.id').onDelete('cascade'))
    .addColumn('dog_id', 'integer', (c) => c.notNull().references('dogs.id').onDelete('cascade'))
    .addColumn('given_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('given_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('doses_medication_idx').on('doses').columns(['medication_id', 'given_at']).execute();
}
