import type { Kysely } from 'kysely';

/**
 * Covering indexes for the diary views (bench/diary-views.mjs, 20,000 entries per dog): the map groups by cell
 * and reads position, date and id from the index alone; the statistics count moods without touching the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('diary_entries_dog_cell_idx').execute();
  await db.schema
    .createIndex('diary_entries_dog_cell_cover_idx')
    .on('diary_entries')
    .columns(['dog_id', 'cell_lat', 'cell_lon', 'lat', 'lon', 'date'])
    .execute();
  await db.schema.createIndex('diary_entries_dog_mood_idx').on('diary_entries').columns(['dog_id', 'mood']).execute();
}
