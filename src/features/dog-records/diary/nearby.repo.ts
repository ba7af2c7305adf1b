import type { Db } from '../../../core/db/index.js';
import { whereInBox, type BoundingBox } from '../../../core/geo/index.js';

/** The user's located entries in the box (optionally of one dog); the exact radius is core/geo's `nearest`. */
export async function ownEntriesInBox(db: Db, userId: number, box: BoundingBox, dogId: number | undefined) {
  let q = db
    .selectFrom('diary_entries')
    .innerJoin('dogs', 'dogs.id', 'diary_entries.dog_id')
    .select(['diary_entries.id', 'diary_entries.dog_id', 'diary_entries.date', 'diary_entries.title', 'diary_entries.lat', 'diary_entries.lon'])
    .where('dogs.user_id', '=', userId)
    .where((eb) => whereInBox(eb, box, 'diary_entries.lat', 'diary_entries.lon'));
  if (dogId !== undefined) q = q.where('diary_entries.dog_id', '=', dogId);
  const rows = await q.limit(5_000).execute();
  return rows.filter((r): r is typeof r & { lat: number; lon: number } => r.lat !== null && r.lon !== null);
}
