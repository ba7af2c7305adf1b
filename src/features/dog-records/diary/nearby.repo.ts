import type { Db } from '#core/db/index.js';
import { whereInBox, type BoundingBox } from '#core/geo/index.js';

/**
 * The user's located entries in the box (optionally of one dog), newest first (date, then id), at most `cap`;
 * `capped` says more were there. The dogs are picked by owner (dogs_user_idx) and each dog's entries read from
 * diary_entries_dog_date_idx (dog_id, date, id): the cost follows the user's own diary, never everyone's entries in
 * the box. With one dog the index gives the order and the walk stops at the cap; with several the newest are sorted
 * out of the user's entries. The exact radius is core/geo's `nearest`.
 */
export async function newestOwnEntriesInBox(db: Db, userId: number, box: BoundingBox, dogId: number | undefined, cap: number) {
  let q = db
    .selectFrom('diary_entries')
    .select(['id', 'dog_id', 'date', 'title', 'lat', 'lon'])
    .where('dog_id', 'in', (eb) => eb.selectFrom('dogs').select('dogs.id').where('dogs.user_id', '=', userId))
    .where((eb) => whereInBox(eb, box, 'lat', 'lon'));
  if (dogId !== undefined) q = q.where('dog_id', '=', dogId);
  const rows = await q
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(cap + 1)
    .execute();
  const capped = rows.length > cap;
  return {
    rows: rows.slice(0, cap).filter((r): r is typeof r & { lat: number; lon: number } => r.lat !== null && r.lon !== null),
    capped,
  };
}
