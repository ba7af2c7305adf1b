import type { Kysely } from 'kysely';
import { withId } from '#platform/db/migration-helpers.js';

/**
 * Expenses, notes and AI usage (issue 12).
 * - expenses: per-dog records. A row with recurrence ≠ 'none' is a template; the daily job adds its occurrences as
 *   rows with template_id and occurrence (1, 2, …). The unique index on (template_id, occurrence) makes the job
 *   idempotent across reruns and instances: a second insert of the same period is ignored. Plain rows have NULLs
 *   there, which a unique index never counts as equal (SQLite and PostgreSQL alike).
 * - notes: attached to one of eight parent types (polymorphic, so no foreign key to the parent; a nightly sweep
 *   removes notes whose parent is gone). dog_id (the parent's dog) and user_id cascade.
 * - ai_usage: one row per AI call that counts against a free user's quota (5 note analyses a month, 1 plan a week).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('expenses'))
    .addColumn('dog_id', 'integer', (c) => c.notNull().references('dogs.id').onDelete('cascade'))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('category', 'varchar(20)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)')
    .addColumn('recurrence', 'varchar(10)', (c) => c.notNull().defaultTo('none'))
    .addColumn('template_id', 'integer', (c) => c.references('expenses.id').onDelete('set null'))
    .addColumn('occurrence', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('expenses_dog_date_idx').on('expenses').columns(['dog_id', 'date', 'id']).execute();
  await db.schema.createIndex('expenses_template_occurrence_uq').on('expenses').columns(['template_id', 'occurrence']).unique().execute();
  await db.schema.createIndex('expenses_recurrence_idx').on('expenses').columns(['recurrence', 'id']).execute();

  await withId(db, db.schema.createTable('notes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('dog_id', 'integer', (c) => c.references('dogs.id').onDelete('cascade'))
    .addColumn('parent_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.notNull())
    .addColumn('rubrik', 'varchar(100)', (c) => c.notNull())
    .addColumn('text', 'varchar(5000)', (c) => c.notNull())
    .addColumn('meta_json', 'varchar(4000)')
    .addColumn('analysis_json', 'varchar(8000)')
    .addColumn('analysed_at', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notes_parent_idx').on('notes').columns(['parent_type', 'parent_id', 'id']).execute();
  await db.schema.createIndex('notes_user_idx').on('notes').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('notes_dog_idx').on('notes').columns(['dog_id']).execute();

  await withId(db, db.schema.createTable('ai_usage'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('feature', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ai_usage_user_feature_idx').on('ai_usage').columns(['user_id', 'feature', 'created_at']).execute();
}
