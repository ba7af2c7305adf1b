import type { Insertable, Selectable } from 'kysely';
import type { Db } from '#core/db/index.js';
import type { MapContributionsTable } from '#core/db/tables/map.js';

export type ContributionRow = Selectable<MapContributionsTable>;

export function findContribution(db: Db, userId: number, osmType: string, osmId: number): Promise<ContributionRow | undefined> {
  return db
    .selectFrom('map_contributions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('osm_type', '=', osmType as 'node' | 'way')
    .where('osm_id', '=', osmId)
    .executeTakeFirst();
}

export function findContributionById(db: Db, id: number): Promise<ContributionRow | undefined> {
  return db.selectFrom('map_contributions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts unless the user already has a contribution for the venue (the unique key decides); true when new. */
export async function insertContribution(db: Db, row: Insertable<MapContributionsTable>): Promise<boolean> {
  const result = await db
    .insertInto('map_contributions')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'osm_type', 'osm_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function contributionsOfUser(db: Db, userId: number, take: number, after: { id: number } | undefined): Promise<ContributionRow[]> {
  let q = db.selectFrom('map_contributions').selectAll().where('user_id', '=', userId);
  if (after) q = q.where('id', '<', after.id);
  return q.orderBy('id', 'desc').limit(take).execute();
}

export async function countsByStatus(db: Db, userId?: number): Promise<Record<string, number>> {
  let q = db.selectFrom('map_contributions').select(['status', (eb) => eb.fn.countAll<number>().as('n')]);
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  const rows = await q.groupBy('status').execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/**
 * Claims a pending, not yet uploaded contribution for one upload; false when another upload holds it (the tap's
 * and the job's may meet) or it is no longer waiting. A claim older than `staleBefore` was left by a crash.
 */
export async function claimForUpload(db: Db, id: number, now: string, staleBefore: string): Promise<boolean> {
  const result = await db
    .updateTable('map_contributions')
    .set({ uploading_since: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('uploaded_at', 'is', null)
    .where((eb) => eb.or([eb('uploading_since', 'is', null), eb('uploading_since', '<', staleBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateContribution(db: Db, id: number, set: Partial<Omit<ContributionRow, 'id' | 'user_id' | 'osm_type' | 'osm_id'>>): Promise<void> {
  await db.updateTable('map_contributions').set(set).where('id', '=', id).execute();
}

/**
 * Pending contributions whose upload never succeeded, oldest first (the daily job's retries). A venue not read yet
 * (tapped while OpenStreetMap was unreachable) waits for its check first.
 */
export function waitingForUpload(db: Db, take: number): Promise<{ id: number }[]> {
  return db
    .selectFrom('map_contributions')
    .select('id')
    .where('status', '=', 'pending')
    .where('uploaded_at', 'is', null)
    .where('venue_read_at', 'is not', null)
    .orderBy('id')
    .limit(take)
    .execute();
}

/** Pending contributions whose venue was never read from OpenStreetMap, oldest first (the daily job's check). */
export function unreadVenues(db: Db, take: number): Promise<ContributionRow[]> {
  return db.selectFrom('map_contributions').selectAll().where('status', '=', 'pending').where('venue_read_at', 'is', null).orderBy('id').limit(take).execute();
}

/** Pending contributions uploaded at or before `uploadedBefore`: due for the survival check. */
export function dueForSurvivalCheck(db: Db, uploadedBefore: string, take: number): Promise<ContributionRow[]> {
  return db
    .selectFrom('map_contributions')
    .selectAll()
    .where('status', '=', 'pending')
    .where('uploaded_at', 'is not', null)
    .where('uploaded_at', '<=', uploadedBefore)
    .orderBy('uploaded_at')
    .limit(take)
    .execute();
}
