import type { Db } from '#core/db/index.js';
import type { DashboardBranch, DashboardRow } from '../dashboard/index.js';

/** The daily photo cache (`daily_photos`, one row per dog and day) and the media it points at. */

export interface DailyPhoto {
  media_id: number;
  entry_id: number;
  entry_date: string;
  url: string;
  preview_url: string;
}

/**
 * The day's cached choice of each of the dogs that has one, with the diary photo it names; `null` when that photo
 * is gone (its URL is no longer among the dog's media). Dogs without a choice are not in the map.
 */
export async function cachedDailyPhotos(db: Db, dogIds: readonly number[], day: string): Promise<Map<number, DailyPhoto | null>> {
  if (dogIds.length === 0) return new Map();
  return dailyPhotosFromRows(await cachedDailyPhotosBranch(db, dogIds, day).execute());
}

/**
 * The day's cached choices as a branch of the dashboard's one read (issue 34; cachedDailyPhotos runs it alone): `id` the media row (null: the photo is
 * gone), `ref` its entry, `day` the entry's date, `text` the URL, `more` the preview; see dailyPhotosFromRows.
 */
export function cachedDailyPhotosBranch(db: Db, dogIds: readonly number[], day: string): DashboardBranch {
  return db
    .selectFrom('daily_photos')
    .leftJoin('diary_media', (j) => j.onRef('diary_media.dog_id', '=', 'daily_photos.dog_id').onRef('diary_media.url', '=', 'daily_photos.url'))
    .leftJoin('diary_entries', 'diary_entries.id', 'diary_media.entry_id')
    .select([
      'daily_photos.dog_id',
      'diary_media.id',
      'diary_media.entry_id as ref',
      'diary_entries.date as day',
      'diary_media.url as text',
      'diary_media.preview_url as more',
    ])
    .where('daily_photos.dog_id', 'in', [...dogIds])
    .where('daily_photos.day', '=', day)
    .$castTo<DashboardRow>();
}

/** The branch's rows as each dog's photo of the day (`null`: the photo is gone; the first row of a dog counts). */
export function dailyPhotosFromRows(rows: readonly DashboardRow[]): Map<number, DailyPhoto | null> {
  const found = new Map<number, DailyPhoto | null>();
  for (const r of rows) {
    const photo =
      r.id !== null && r.ref !== null && r.day !== null && r.text !== null && r.more !== null
        ? { media_id: r.id, entry_id: r.ref, entry_date: r.day, url: r.text, preview_url: r.more }
        : null;
    if (!found.get(r.dog_id!)) found.set(r.dog_id!, photo);
  }
  return found;
}

/** Drops the day's choices of these dogs whose photo is gone (a choice made again meanwhile stays). */
export async function deleteGoneDailyPhotos(db: Db, dogIds: readonly number[], day: string): Promise<void> {
  if (dogIds.length === 0) return;
  await db
    .deleteFrom('daily_photos')
    .where('dog_id', 'in', [...dogIds])
    .where('day', '=', day)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('diary_media')
            .select('diary_media.id')
            .whereRef('diary_media.dog_id', '=', 'daily_photos.dog_id')
            .whereRef('diary_media.url', '=', 'daily_photos.url'),
        ),
      ),
    )
    .execute();
}

/** How many diary photos each of the dogs has (dogs without any are not in the map). */
export async function countMediaOfDogs(db: Db, dogIds: readonly number[]): Promise<Map<number, number>> {
  if (dogIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('diary_media')
    .select((eb) => ['dog_id', eb.fn.countAll<number | string>().as('n')])
    .where('dog_id', 'in', [...dogIds])
    .groupBy('dog_id')
    .execute();
  return new Map(rows.map((r) => [r.dog_id, Number(r.n)]));
}

/** The URL of each dog's photo at its `offset` in upload order (0 = the first), all dogs in one query. */
export async function mediaUrlsAt(db: Db, picks: readonly { dogId: number; offset: number }[]): Promise<Map<number, string>> {
  if (picks.length === 0) return new Map();
  const ranked = db
    .selectFrom('diary_media')
    .select((eb) => [
      'dog_id',
      'url',
      eb.fn
        .agg<number>('row_number', [])
        .over((ob) => ob.partitionBy('dog_id').orderBy('id'))
        .as('rn'),
    ])
    .where(
      'dog_id',
      'in',
      picks.map((p) => p.dogId),
    );
  const rows = await db
    .selectFrom(ranked.as('ranked'))
    .select(['ranked.dog_id', 'ranked.url'])
    .where((eb) => eb.or(picks.map((p) => eb.and([eb('ranked.dog_id', '=', p.dogId), eb('ranked.rn', '=', p.offset + 1)]))))
    .execute();
  return new Map(rows.map((r) => [r.dog_id, r.url]));
}

/** Two dashboards loading at once: the unique (dog_id, day) index keeps the first choice of each dog. */
export async function cacheDailyPhotosIfAbsent(db: Db, choices: ReadonlyMap<number, string>, day: string, now: string): Promise<void> {
  if (choices.size === 0) return;
  await db
    .insertInto('daily_photos')
    .values([...choices].map(([dogId, url]) => ({ dog_id: dogId, day, url, created_at: now })))
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
