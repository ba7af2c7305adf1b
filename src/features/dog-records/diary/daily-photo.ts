import type { Db } from '#core/db/index.js';
import {
  cacheDailyPhotosIfAbsent,
  cachedDailyPhotos,
  countMediaOfDogs,
  deleteGoneDailyPhotos,
  deleteStaleDailyPhotos,
  mediaUrlsAt,
  type DailyPhoto,
} from './daily-photo.repo.js';
import { rememberedPhotoUrls } from './on-this-day.repo.js';

/**
 * The daily photo cache (spec: Daily photo cache): one photo URL per dog per day (Europe/Berlin). A cached URL is
 * valid while it exists among the diary media; otherwise it is dropped and chosen again on read. Deleting the
 * entry or media item with that URL deletes the cache row too (see deleteDailyPhotosByUrl).
 *
 * All of a user's dogs are served together, in a fixed number of queries however many dogs there are: one read
 * when every dog's choice is cached, at most six more on the first read of a day.
 */

/**
 * Picks the day's photo of each dog: one taken on this calendar day in an earlier year if there is one ("heute vor
 * zwei Jahren"), otherwise any of the dog's photos at random. Dogs without photos are not in the map.
 */
async function choosePhotoUrls(db: Db, dogIds: readonly number[], today: string): Promise<Map<number, string>> {
  const chosen = await rememberedPhotoUrls(db, dogIds, today);
  const counts = await countMediaOfDogs(
    db,
    dogIds.filter((id) => !chosen.has(id)),
  );
  const picks = [...counts].map(([dogId, count]) => ({ dogId, offset: Math.floor(Math.random() * count) }));
  for (const [dogId, url] of await mediaUrlsAt(db, picks)) chosen.set(dogId, url);
  return chosen;
}

/**
 * Each dog's photo of the day (null: the dog has no photos), choosing (and caching) one where there is none or the
 * cached one is gone. `cached`: the day's cached choices when the caller read them already (the dashboard's one read).
 */
export async function dailyPhotosFor(
  db: Db,
  dogIds: readonly number[],
  today: string,
  now: string,
  cached?: Map<number, DailyPhoto | null>,
): Promise<Map<number, DailyPhoto | null>> {
  const photos = new Map<number, DailyPhoto | null>();
  cached ??= await cachedDailyPhotos(db, dogIds, today);
  const gone = [...cached].filter(([, photo]) => photo === null).map(([dogId]) => dogId);
  await deleteGoneDailyPhotos(db, gone, today);
  for (const [dogId, photo] of cached) if (photo) photos.set(dogId, photo);
  const missing = dogIds.filter((id) => !photos.has(id));
  if (missing.length > 0) {
    // A day's first visit: the dogs' earlier days are of no use any more. Later visits of the day find every
    // choice cached and skip this write (issue 34: fewer statements per dashboard).
    await deleteStaleDailyPhotos(db, missing, today);
    const chosen = await choosePhotoUrls(db, missing, today);
    // Two dashboards loading at once: the first choice stays, both show it.
    await cacheDailyPhotosIfAbsent(db, chosen, today, now);
    for (const [dogId, photo] of await cachedDailyPhotos(db, [...chosen.keys()], today)) photos.set(dogId, photo);
  }
  return new Map(dogIds.map((id) => [id, photos.get(id) ?? null]));
}
