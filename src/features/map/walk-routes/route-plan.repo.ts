import type { Db } from '#core/db/index.js';

/** Route plans that count against the weekly allowance (route_plans) and the per-day answer cache (route_plan_cache). */

/** The user's counted plans after `since`, oldest first (the id breaks ties of the same instant). */
export function plansSince(db: Db, userId: number, since: string): Promise<{ id: number; planned_at: string }[]> {
  return db
    .selectFrom('route_plans')
    .select(['id', 'planned_at'])
    .where('user_id', '=', userId)
    .where('planned_at', '>', since)
    .orderBy('planned_at')
    .orderBy('id')
    .execute();
}

/** Reserves one plan of the allowance; returns its id. */
export async function reservePlan(db: Db, userId: number, at: string): Promise<number> {
  return (await db.insertInto('route_plans').values({ user_id: userId, planned_at: at }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function dropPlan(db: Db, id: number): Promise<void> {
  await db.deleteFrom('route_plans').where('id', '=', id).execute();
}

/** Plans that left the window count for nothing any more. */
export async function dropPlansUpTo(db: Db, userId: number, until: string): Promise<void> {
  await db.deleteFrom('route_plans').where('user_id', '=', userId).where('planned_at', '<=', until).execute();
}

export interface CachedPlan {
  cache_key: string;
  day: string;
  geometry_json: string;
  distance_m: number;
  duration_s: number;
}

export function cachedPlan(db: Db, key: string): Promise<CachedPlan | undefined> {
  return db
    .selectFrom('route_plan_cache')
    .select(['cache_key', 'day', 'geometry_json', 'distance_m', 'duration_s'])
    .where('cache_key', '=', key)
    .executeTakeFirst();
}

/** Stores today's answer (a racing twin keeps the first) and forgets the days before. */
export async function cachePlan(db: Db, row: CachedPlan): Promise<void> {
  await db.deleteFrom('route_plan_cache').where('day', '<', row.day).execute();
  await db
    .insertInto('route_plan_cache')
    .values(row)
    .onConflict((oc) => oc.column('cache_key').doNothing())
    .execute();
}
