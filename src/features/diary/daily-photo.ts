import type { Db } from '../../core/db/index.js';
import { sameDayPatterns } from './on-this-day.js';

/**
 * The daily photo cache (spec: Daily photo cache): one photo URL per dog per day (Europe/Berlin). A cached URL is
 * valid while it exists among the diary media; otherwise it is dropped and chosen again on read. Deleting the
 * entry or media item with that URL deletes the cache row too (see deleteDailyPhotosByUrl).
 */

export interface DailyPhoto {
  media_id: number;
  entry_id: number;
  entry_date: string;
  url: string;
  preview_url: string;
}

async function mediaByUrl(db: Db, dogId: number, url: string): Promise<DailyPhoto | undefined> {
  return db
    .selectFrom('diary_media')
    .innerJoin('diary_entries', 'diary_entries.id', 'diary_media.entry_id')
    .select(['diary_media.id as media_id', 'diary_media.entry_id', 'diary_entries.date as entry_date', 'diary_media.url', 'diary_media.preview_url'])
    .where('diary_media.dog_id', '=', dogId)
    .where('diary_media.url', '=', url)
    .executeTakeFirst();
}

/**
 * Picks the day's photo: one taken on this calendar day in an earlier year if there is one ("heute vor zwei
 * Jahren"), otherwise any of the dog's photos at random.
 */
async function choosePhotoUrl(db: Db, dogId: number, today: string): Promise<string | undefined> {
  const remembered = await db
    .selectFrom('diary_media')
    .innerJoin('diary_entries', 'diary_entries.id', 'diary_media.entry_id')
    .select('diary_media.url')
    .where('diary_media.dog_id', '=', dogId)
    .where('diary_entries.date', '<', today)
    .where((eb) => eb.or(sameDayPatterns(today).map((p) => eb('diary_entries.date', 'like', p))))
    .orderBy('diary_entries.date', 'desc')
    .orderBy('diary_media.id')
    .limit(1)
    .executeTakeFirst();
  if (remembered) return remembered.url;
  const { n } = await db
    .selectFrom('diary_media')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('dog_id', '=', dogId)
    .executeTakeFirstOrThrow();
  const count = Number(n);
  if (count === 0) return undefined;
  const pick = await db
    .selectFrom('diary_media')
    .select('url')
    .where('dog_id', '=', dogId)
    .orderBy('id')
    .limit(1)
    .offset(Math.floor(Math.random() * count))
    .executeTakeFirst();
  return pick?.url;
}

/** The dog's photo of the day, choosing (and caching) one when there is none or the cached one is gone. */
export async function dailyPhotoFor(db: Db, dogId: number, today: string, now: string): Promise<DailyPhoto | null> {
  const cached = await db.selectFrom('daily_photos').select('url').where('dog_id', '=', dogId).where('day', '=', today).executeTakeFirst();
  if (cached) {
    const photo = await mediaByUrl(db, dogId, cached.url);
    if (photo) return photo;
    await db.deleteFrom('daily_photos').where('dog_id', '=', dogId).where('day', '=', today).where('url', '=', cached.url).execute();
  }
  const url = await choosePhotoUrl(db, dogId, today);
  if (!url) return null;
  // Two dashboards loading at once: the unique (dog_id, day) index keeps the first choice, both show it.
  await db
    .insertInto('daily_photos')
    .values({ dog_id: dogId, day: today, url, created_at: now })
    .onConflict((oc) => oc.columns(['dog_id', 'day']).doNothing())
    .execute();
  const kept = await db.selectFrom('daily_photos').select('url').where('dog_id', '=', dogId).where('day', '=', today).executeTakeFirst();
  return (await mediaByUrl(db, dogId, kept?.url ?? url)) ?? null;
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
