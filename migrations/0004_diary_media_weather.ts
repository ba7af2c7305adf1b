import type { Kysely } from 'kysely';
import { withId } from '#platform/db/migration-helpers.js';

/**
 * Diary entries and their media, the daily photo cache, the historic-weather cache and in-app notifications.
 * Entries hang off a dog (the link to the user runs through the dog); everything goes with its dog or user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('diary_entries'))
    .addColumn('dog_id', 'integer', (c) => c.notNull().references('dogs.id').onDelete('cascade'))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('mood', 'varchar(20)')
    .addColumn('tags_json', 'varchar(2000)')
    // Position of the entry: the first located photo. The cells (position × 1000, ~100 m) group the map view.
    .addColumn('lat', 'double precision')
    .addColumn('lon', 'double precision')
    .addColumn('cell_lat', 'integer')
    .addColumn('cell_lon', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('diary_entries_dog_date_idx').on('diary_entries').columns(['dog_id', 'date', 'id']).execute();
  await db.schema.createIndex('diary_entries_dog_cell_idx').on('diary_entries').columns(['dog_id', 'cell_lat', 'cell_lon']).execute();

  await withId(db, db.schema.createTable('diary_media'))
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('diary_entries.id').onDelete('cascade'))
    .addColumn('dog_id', 'integer', (c) => c.notNull().references('dogs.id').onDelete('cascade'))
    .addColumn('url', 'varchar(500)', (c) => c.notNull().unique())
    .addColumn('preview_url', 'varchar(500)', (c) => c.notNull().unique())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('lat', 'double precision')
    .addColumn('lon', 'double precision')
    .addColumn('taken_at', 'varchar(40)')
    .addColumn('weather_day', 'varchar(10)')
    .addColumn('weather_status', 'varchar(20)', (c) => c.notNull().defaultTo('none'))
    .addColumn('weather_json', 'text')
    .addColumn('weather_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('diary_media_entry_idx').on('diary_media').columns(['entry_id', 'id']).execute();
  await db.schema.createIndex('diary_media_dog_idx').on('diary_media').columns(['dog_id', 'id']).execute();
  await db.schema.createIndex('diary_media_weather_idx').on('diary_media').columns(['weather_status', 'id']).execute();

  await withId(db, db.schema.createTable('daily_photos'))
    .addColumn('dog_id', 'integer', (c) => c.notNull().references('dogs.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('daily_photos_dog_day_uq').on('daily_photos').columns(['dog_id', 'day']).unique().execute();
  await db.schema.createIndex('daily_photos_url_idx').on('daily_photos').column('url').execute();

  await withId(db, db.schema.createTable('weather_cache'))
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    // Rounded place: position × 100 (~1 km), so neighbouring photos share one upstream call.
    .addColumn('lat_e2', 'integer', (c) => c.notNull())
    .addColumn('lon_e2', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('data_json', 'text', (c) => c.notNull())
    .addColumn('fetched_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('weather_cache_key_uq').on('weather_cache').columns(['provider', 'lat_e2', 'lon_e2', 'day']).unique().execute();

  await withId(db, db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'varchar(2000)', (c) => c.notNull())
    .addColumn('url', 'varchar(500)')
    // Jobs that may run twice write each notification once: the key is unique (NULLs do not collide).
    .addColumn('dedupe_key', 'varchar(200)', (c) => c.unique())
    .addColumn('read_at', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'id']).execute();
}
