import type { Kysely } from 'kysely';
import { DOUBLE, withId } from '#platform/db/migration-helpers.js';

/**
 * Community on the map (issue 14), first kinds: poison-bait warnings and lost-dog reports. Every geo kind has the
 * frame of core/geo-items (id, user_id, lat, lon, created_at, updated_at) and an index on (lat, lon) for the
 * bounding-box pre-filter. user_id is set null when the account goes: active reports stay, anonymised (decisions,
 * account deletion); the area's deletion step removes the inactive ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const frame = (name: string) =>
    withId(db, db.schema.createTable(name))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('lat', DOUBLE, (c) => c.notNull())
      .addColumn('lon', DOUBLE, (c) => c.notNull())
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull());

  await frame('poison_warnings')
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('description', 'varchar(2000)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('unconfirmed'))
    .addColumn('confirmed_count', 'integer', (c) => c.notNull().defaultTo(0))
    // The last report or confirmation: the 03:15 job archives a warning 14 days after it.
    .addColumn('last_activity_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('poison_warnings_pos_idx').on('poison_warnings').columns(['lat', 'lon']).execute();
  await db.schema.createIndex('poison_warnings_status_idx').on('poison_warnings').columns(['status', 'last_activity_at']).execute();
  await db.schema
    .createTable('poison_confirmations')
    .addColumn('warning_id', 'integer', (c) => c.notNull().references('poison_warnings.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('poison_confirmations_pk', ['warning_id', 'user_id'])
    .execute();

  await frame('lost_dogs')
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('description', 'varchar(2000)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('dog_id', 'integer', (c) => c.references('dogs.id').onDelete('set null'))
    .addColumn('contact', 'varchar(200)')
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('lost'))
    .addColumn('found_at', 'varchar(40)')
    .execute();
  await db.schema.createIndex('lost_dogs_pos_idx').on('lost_dogs').columns(['lat', 'lon']).execute();
  await db.schema.createIndex('lost_dogs_user_idx').on('lost_dogs').columns(['user_id']).execute();

  await db.schema.createIndex('users_pos_idx').on('users').columns(['lat', 'lon']).execute();
  // GET /api/diary/nearby: the same box pre-filter on the diary's photo positions.
  await db.schema.createIndex('diary_entries_pos_idx').on('diary_entries').columns(['lat', 'lon']).execute();
}
