import type { Db } from '#core/db/index.js';

/** The user_places rows (one per user; none until a home area or a hand-set place). */
export interface PlaceRow {
  country: string | null;
  region: string | null;
  manual: number;
}

export async function findPlace(db: Db, userId: number): Promise<PlaceRow | undefined> {
  return db.selectFrom('user_places').select(['country', 'region', 'manual']).where('user_id', '=', userId).executeTakeFirst();
}

/** The places of several users at once (the duty reminders: each dog's owner). */
export async function placesOf(db: Db, userIds: readonly number[]): Promise<Map<number, PlaceRow>> {
  const map = new Map<number, PlaceRow>();
  if (userIds.length === 0) return map;
  const rows = await db
    .selectFrom('user_places')
    .select(['user_id', 'country', 'region', 'manual'])
    .where('user_id', 'in', [...userIds])
    .execute();
  for (const { user_id, ...row } of rows) map.set(user_id, row);
  return map;
}

/** Sets the place by hand (manual = 1): from now on a new home area leaves it alone. */
export async function setManualPlace(db: Db, userId: number, country: string, region: string | null, now: string): Promise<void> {
  await db
    .insertInto('user_places')
    .values({ user_id: userId, country, region, manual: 1, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ country, region, manual: 1, updated_at: now }))
    .execute();
}

/**
 * The place from the home area. The condition is part of the one upsert statement, so a hand-set place written a
 * moment earlier (another request) is never overwritten.
 */
export async function setPlaceFromHomeArea(db: Db, userId: number, country: string | null, region: string | null, now: string): Promise<void> {
  await db
    .insertInto('user_places')
    .values({ user_id: userId, country, region, manual: 0, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ country, region, updated_at: now }).where('user_places.manual', '=', 0))
    .execute();
}

/** Back to "follow the home area" (the caller fills it again). */
export async function clearManualPlace(db: Db, userId: number, now: string): Promise<void> {
  await db.updateTable('user_places').set({ manual: 0, updated_at: now }).where('user_id', '=', userId).execute();
}
