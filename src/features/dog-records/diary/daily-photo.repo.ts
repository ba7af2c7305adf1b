import type { Db } from '../../../core/db/index.js';
import { countOf } from '../../../core/db/count.js';

/** The daily photo cache (`daily_photos`, one row per dog and day) and the media it points at. */

export interface DailyPhoto {
  media_id: number;
  entry_id: number;
  entry_date: string;
  url: string;
  preview_url: string;
}

/** The dog's diary photo with that URL, if it still exists. */
export function findDogMediaByUrl(db: Db, dogId: number, url: string): Promise<DailyPhoto | undefined> {
  return db
    .selectFrom('diary_media')
    .innerJoin('diary_entries', 'diary_entries.id', 'diary_media.entry_id')
    .select(['diary_media.id as media_id', 'diary_media.entry_id', 'diary_entries.date as entry_date', 'diary_media.url', 'diary_media.preview_url'])
    .where('diary_media.dog_id', '=', dogId)
    .where('diary_media.url', '=', url)
    .executeTakeFirst();
}

export function countDogMedia(db: Db, dogId: number): Promise<number> {
  return countOf(db.selectFrom('diary_media').where('dog_id', '=', dogId));
}

/** The URL of the dog's photo at `offset` in upload order. */
export async function dogMediaUrlAt(db: Db, dogId: number, offset: number): Promise<string | undefined> {
  const row = await db.selectFrom('diary_media').select('url').where('dog_id', '=', dogId).orderBy('id').limit(1).offset(offset).executeTakeFirst();
  return row?.url;
}

export async function findCachedDailyPhotoUrl(db: Db, dogId: number, day: string): Promise<string | undefined> {
  const row = await db.selectFrom('daily_photos').select('url').where('dog_id', '=', dogId).where('day', '=', day).executeTakeFirst();
  return row?.url;
}

export async function deleteCachedDailyPhoto(db: Db, dogId: number, day: string, url: string): Promise<void> {
  await db.deleteFrom('daily_photos').where('dog_id', '=', dogId).where('day', '=', day).where('url', '=', url).execute();
}

/** Two dashboards loading at once: the unique (dog_id, day) index keeps the first choice. */
export async function cacheDailyPhotoIfAbsent(db: Db, dogId: number, day: string, url: string, now: string): Promise<void> {
  await db
    .insertInto('daily_photos')
    .values({ dog_id: dogId, day, url, created_at: now })
    .onConflict((oc) => oc.columns(['dog_id', 'day']).doNothing())
    .execute();
}

/** Called in the same transaction that deletes media rows: the cache never outlives its photo. */
export async function deleteDailyPhotosByUrl(db: Db, urls: string[]): Promise<void> {
  if (urls.length === 0) return;
  await db.deleteFrom('daily_photos').where('url', 'in', urls).execute();
}

/** Yesterday's choices are of no use any more. */
export async function deleteStaleDailyPhotos(db: Db, dogIds: number[], today: string): Promise<void> {
  if (dogIds.length === 0) return;
  await db.deleteFrom('daily_photos').where('dog_id', 'in', dogIds).where('day', '<', today).execute();
}
