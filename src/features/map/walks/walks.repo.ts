import { sql, type Insertable, type Selectable, type SqlBool } from 'kysely';
import type { Db } from '#core/db/index.js';
import type { WalksTable } from '#core/db/tables/routes.js';
import { nearPage, type NearPageQuery } from '#core/geo-items/index.js';
import type { Page } from '#core/http/route/pagination.js';

export type WalkRow = Selectable<WalksTable>;

export function findWalk(db: Db, id: number): Promise<WalkRow | undefined> {
  return db.selectFrom('walks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The walk and its dogs in one transaction: a walk never exists without the dogs it was recorded with. */
export async function insertWalk(db: Db, row: Insertable<WalksTable>, dogIds: number[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('walks').values(row).returning('id').executeTakeFirstOrThrow();
    await trx
      .insertInto('walk_dogs')
      .values(dogIds.map((dog_id) => ({ walk_id: id, dog_id })))
      .execute();
    return id;
  });
}

export async function deleteWalk(db: Db, id: number): Promise<void> {
  await db.deleteFrom('walks').where('id', '=', id).execute();
}

export function walksOfUser(db: Db, userId: number, take: number, after: { id: number } | undefined): Promise<WalkRow[]> {
  let q = db.selectFrom('walks').selectAll().where('user_id', '=', userId);
  if (after) q = q.where('id', '<', after.id);
  return q.orderBy('id', 'desc').limit(take).execute();
}

const COLUMNS = ['id', 'user_id', 'started_at', 'duration_min', 'distance_m', 'route_id', 'track_json', 'lat', 'lon', 'created_at'] as const;

/**
 * The user's own walks that started within the radius, nearest first, in keyset pages (core/geo-items/near-page.ts).
 * Read through walks_user_pos_idx (user_id, lat, lon): only the user's walks in the box's band of latitude, never
 * other users' walks that happen to lie in it.
 */
export async function walksNear(db: Db, userId: number, query: NearPageQuery): Promise<Page<WalkRow & { distance_km: number }>> {
  const where = sql<SqlBool>`walks.user_id = ${userId}`;
  return (await nearPage(db, 'walks', [], undefined, query, { frame: COLUMNS, where, index: 'columns' })) as unknown as Page<WalkRow & { distance_km: number }>;
}

/** The dogs of these walks, by walk (one query for a whole page). */
export async function dogsOfWalks(db: Db, walkIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const byWalk = new Map<number, { id: number; name: string }[]>();
  if (walkIds.length === 0) return byWalk;
  const rows = await db
    .selectFrom('walk_dogs')
    .innerJoin('dogs', 'dogs.id', 'walk_dogs.dog_id')
    .select(['walk_dogs.walk_id', 'dogs.id', 'dogs.name'])
    .where('walk_dogs.walk_id', 'in', walkIds)
    .orderBy('dogs.id')
    .execute();
  for (const r of rows) byWalk.set(r.walk_id, [...(byWalk.get(r.walk_id) ?? []), { id: r.id, name: r.name }]);
  return byWalk;
}

/**
 * The dogs the user owns or cares for (accepted family sharing), in the order they were added. Two index seeks
 * (dogs_user_idx, dog_members_user_idx) joined with UNION: an OR of the owner column and a membership made SQLite
 * scan every dog of the service (issue 34, test/core/query-plans.test.ts).
 */
export function dogsInCare(db: Db, userId: number): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('dogs')
    .select(['dogs.id', 'dogs.name'])
    .where('dogs.user_id', '=', userId)
    .union(
      db
        .selectFrom('dog_members')
        .innerJoin('dogs', 'dogs.id', 'dog_members.dog_id')
        .select(['dogs.id', 'dogs.name'])
        .where('dog_members.user_id', '=', userId)
        .where('dog_members.accepted_at', 'is not', null),
    )
    .orderBy('id')
    .execute();
}

/** Walks of these dogs since `since` (anyone's: a caregiver's walk counts for the dog too). */
export function walksOfDogsSince(db: Db, dogIds: number[], since: string) {
  return db
    .selectFrom('walk_dogs')
    .innerJoin('walks', 'walks.id', 'walk_dogs.walk_id')
    .select(['walk_dogs.dog_id', 'walks.started_at', 'walks.duration_min', 'walks.distance_m'])
    .where('walk_dogs.dog_id', 'in', dogIds)
    .where('walks.started_at', '>=', since)
    .execute();
}
