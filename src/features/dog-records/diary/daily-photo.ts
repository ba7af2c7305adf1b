import type { Db } from '../../../core/db/index.js';
import {
  cacheDailyPhotoIfAbsent,
  countDogMedia,
  deleteCachedDailyPhoto,
  dogMediaUrlAt,
  findCachedDailyPhotoUrl,
  findDogMediaByUrl,
  type DailyPhoto,
} from './daily-photo.repo.js';
import { rememberedPhotoUrl } from './on-this-day.repo.js';

/**
 * The daily photo cache (spec: Daily photo cache): one photo URL per dog per day (Europe/Berlin). A cached URL is
 * valid while it exists among the diary media; otherwise it is dropped and chosen again on read. Deleting the
 * entry or media item with that URL deletes the cache row too (see deleteDailyPhotosByUrl).
 */

/**
 * Picks the day's photo: one taken on this calendar day in an earlier year if there is one ("heute vor zwei
 * Jahren"), otherwise any of the dog's photos at random.
 */
async function choosePhotoUrl(db: Db, dogId: number, today: string): Promise<string | undefined> {
  const remembered = await rememberedPhotoUrl(db, dogId, today);
  if (remembered) return remembered;
  const count = await countDogMedia(db, dogId);
  if (count === 0) return undefined;
  return dogMediaUrlAt(db, dogId, Math.floor(Math.random() * count));
}

/** The dog's photo of the day, choosing (and caching) one when there is none or the cached one is gone. */
export async function dailyPhotoFor(db: Db, dogId: number, today: string, now: string): Promise<DailyPhoto | null> {
  const cached = await findCachedDailyPhotoUrl(db, dogId, today);
  if (cached) {
    const photo = await findDogMediaByUrl(db, dogId, cached);
    if (photo) return photo;
    await deleteCachedDailyPhoto(db, dogId, today, cached);
  }
  const url = await choosePhotoUrl(db, dogId, today);
  if (!url) return null;
  // Two dashboards loading at once: the first choice stays, both show it.
  await cacheDailyPhotoIfAbsent(db, dogId, today, url, now);
  const kept = await findCachedDailyPhotoUrl(db, dogId, today);
  return (await findDogMediaByUrl(db, dogId, kept ?? url)) ?? null;
}
