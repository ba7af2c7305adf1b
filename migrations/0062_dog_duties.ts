import type { Kysely } from 'kysely';
import { withId } from '#platform/db/migration-helpers.js';

/**
 * What an owner has recorded for a dog's duties (issue 53): one row per dog and duty code (liability_insurance,
 * competence_certificate, registry, dog_tax): provider (insurer, registry), number, amount, due and renewal dates.
 * The reminders need no column: each one's dedupe key names the dog, the duty and the date (or the year).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('dog_duties'))
    .addColumn('dog_id', 'integer', (c) => c.notNull().references('dogs.id').onDelete('cascade'))
    .addColumn('code', 'varchar(40)', (c) => c.notNull())
    .addColumn('provider', 'varchar(200)')
    .addColumn('number', 'varchar(200)')
    .addColumn('amount_cents', 'integer')
    .addColumn('due_on', 'varchar(10)')
    .addColumn('renews_on', 'varchar(10)')
    .addColumn('notes', 'text')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('dog_duties_dog_code_uq', ['dog_id', 'code'])
    .execute();
  await db.schema.createIndex('dog_duties_due_idx').on('dog_duties').columns(['due_on']).execute();
  await db.schema.createIndex('dog_duties_renews_idx').on('dog_duties').columns(['renews_on']).execute();
}
