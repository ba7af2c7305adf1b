import type { Kysely } from 'kysely';
import { withId } from '#platform/db/migration-helpers.js';

/**
 * Health records (issue 11), family sharing and the emergency card. Every record hangs off a dog and goes with it
 * (ON DELETE CASCADE; the dog goes with its owner's account). Each record table has the same frame — id, dog_id,
 * created_at, updated_at — that the per-dog record module (src/core/records) relies on, and an index
 * (dog_id, <date>, id) for its newest-first keyset pages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const recordTable = (name: string) =>
    withId(db, db.schema.createTable(name)).addColumn('dog_id', 'integer', (c) => c.notNull().references('dogs.id').onDelete('cascade'));

  await recordTable('vaccinations')
    .addColumn('vaccine', 'varchar(200)', (c) => c.notNull())
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('next_due', 'varchar(10)')
    .addColumn('batch_number', 'varchar(100)')
    .addColumn('vet_name', 'varchar(200)')
    .addColumn('notes', 'varchar(5000)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('vaccinations_dog_date_idx').on('vaccinations').columns(['dog_id', 'date', 'id']).execute();
  // The reminder job looks vaccinations up by due day.
  await db.schema.createIndex('vaccinations_next_due_idx').on('vaccinations').columns(['next_due']).execute();

  await recordTable('vet_visits')
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('diagnosis', 'varchar(5000)')
    .addColumn('treatment', 'varchar(5000)')
    .addColumn('cost_cents', 'integer')
    .addColumn('notes', 'varchar(5000)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('vet_visits_dog_date_idx').on('vet_visits').columns(['dog_id', 'date', 'id']).execute();

  await recordTable('weights')
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('weight_kg', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  // One weight per dog and day: a second one on the same day replaces it (upsert on this index).
  await db.schema.createIndex('weights_dog_date_uq').on('weights').columns(['dog_id', 'date']).unique().execute();
  await db.schema.createIndex('weights_dog_date_idx').on('weights').columns(['dog_id', 'date', 'id']).execute();

  await recordTable('medications')
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('dosage', 'varchar(200)')
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)')
    .addColumn('schedule', 'varchar(200)')
    .addColumn('notes', 'varchar(5000)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('medications_dog_date_idx').on('medications').columns(['dog_id', 'start_date', 'id']).execute();
  await db.schema.createIndex('medications_end_idx').on('medications').columns(['end_date']).execute();

  await recordTable('allergies')
    .addColumn('allergen', 'varchar(200)', (c) => c.notNull())
    .addColumn('reaction', 'varchar(5000)')
    .addColumn('severity', 'varchar(10)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('allergies_dog_idx').on('allergies').columns(['dog_id', 'id']).execute();

  await recordTable('findings')
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('text', 'varchar(10000)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('findings_dog_date_idx').on('findings').columns(['dog_id', 'date', 'id']).execute();

  await recordTable('health_documents')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('date', 'varchar(10)')
    .addColumn('category', 'varchar(40)')
    .addColumn('url', 'varchar(500)', (c) => c.notNull().unique())
    .addColumn('mime_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('health_documents_dog_idx').on('health_documents').columns(['dog_id', 'id']).execute();

  await withId(db, db.schema.createTable('vet_practices'))
    .addColumn('dog_id', 'integer', (c) => c.notNull().unique().references('dogs.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('phone', 'varchar(50)')
    .addColumn('emergency_phone', 'varchar(50)')
    .addColumn('email', 'varchar(254)')
    .addColumn('address', 'varchar(500)')
    .addColumn('website', 'varchar(500)')
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();

  // Family sharing: an invitation by email; user_id is set when the invitee accepts.
  await withId(db, db.schema.createTable('dog_members'))
    .addColumn('dog_id', 'integer', (c) => c.notNull().references('dogs.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(20)', (c) => c.notNull())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('accepted_at', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dog_members_dog_email_uq').on('dog_members').columns(['dog_id', 'email']).unique().execute();
  // The ownership check on every per-dog request: (dog_id, user_id).
  await db.schema.createIndex('dog_members_dog_user_idx').on('dog_members').columns(['dog_id', 'user_id']).execute();
  await db.schema.createIndex('dog_members_email_idx').on('dog_members').columns(['email']).execute();
  await db.schema.createIndex('dog_members_user_idx').on('dog_members').columns(['user_id']).execute();

  // The emergency card: one per dog; a new token replaces the row, revoking deletes it.
  await withId(db, db.schema.createTable('emergency_cards'))
    .addColumn('dog_id', 'integer', (c) => c.notNull().unique().references('dogs.id').onDelete('cascade'))
    .addColumn('token', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('show_photo', 'integer', (c) => c.notNull())
    .addColumn('show_allergies', 'integer', (c) => c.notNull())
    .addColumn('show_medications', 'integer', (c) => c.notNull())
    .addColumn('show_practice_phone', 'integer', (c) => c.notNull())
    .addColumn('contact_name', 'varchar(200)')
    .addColumn('contact_phone', 'varchar(50)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
}
