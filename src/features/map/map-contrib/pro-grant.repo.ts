import type { Db } from '#core/db/index.js';

/**
 * The Pro grants of map contributions (pro-grant.ts has the rules). The grant changes the user's plan in the same
 * transaction as the grant row, which is why this repo writes users.subscription_tier too.
 */

/** The end of the user's running granted Pro, or null. */
export async function activeProUntil(db: Db, userId: number, now: string): Promise<string | null> {
  const row = await db
    .selectFrom('map_contribution_grants')
    .select((eb) => eb.fn.max('pro_until').as('until'))
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('pro_until', '>', now)
    .executeTakeFirst();
  return row?.until ?? null;
}

/** The latest running grant of a user (the one a new year is chained to), or undefined. */
export function latestRunningGrant(db: Db, userId: number, now: string): Promise<{ pro_until: string; lifted_from: string | null } | undefined> {
  return db
    .selectFrom('map_contribution_grants')
    .select(['pro_until', 'lifted_from'])
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('pro_until', '>', now)
    .orderBy('pro_until', 'desc')
    .executeTakeFirst();
}

export async function hasRunningGrant(db: Db, userId: number, now: string): Promise<boolean> {
  return (await latestRunningGrant(db, userId, now)) !== undefined;
}

export async function userTier(db: Db, userId: number): Promise<string | undefined> {
  return (await db.selectFrom('users').select('subscription_tier').where('id', '=', userId).executeTakeFirst())?.subscription_tier;
}

/** Records the grant of one block; false when it exists already (the unique key user_id + block). */
export async function insertGrant(
  db: Db,
  row: { user_id: number; block: number; granted_at: string; pro_until: string; lifted_from: string | null },
): Promise<boolean> {
  const inserted = await db
    .insertInto('map_contribution_grants')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'block']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Sets the user's plan; with `onlyFrom`, only while the plan is still that one. */
export async function setUserPlan(db: Db, userId: number, tier: string, isPremium: 0 | 1, now: string, onlyFrom?: string): Promise<void> {
  let q = db.updateTable('users').set({ subscription_tier: tier, is_premium: isPremium, updated_at: now }).where('id', '=', userId);
  if (onlyFrom) q = q.where('subscription_tier', '=', onlyFrom);
  await q.execute();
}

/** Users with at least `min` confirmed contributions, with their count. */
export function usersWithConfirmed(db: Db, min: number): Promise<{ user_id: number; confirmed: number }[]> {
  return db
    .selectFrom('map_contributions as c')
    .select(['c.user_id', (eb) => eb.fn.countAll<number>().as('confirmed')])
    .where('c.status', '=', 'confirmed')
    .groupBy('c.user_id')
    .having((eb) => eb.fn.countAll(), '>=', min)
    .execute();
}

/** The highest block granted to a user so far (0 for none). */
export async function lastGrantedBlock(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('map_contribution_grants')
    .select((eb) => eb.fn.max('block').as('block'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.block ?? 0);
}

export function expiredGrants(db: Db, now: string): Promise<{ id: number; user_id: number; lifted_from: string | null }[]> {
  return db
    .selectFrom('map_contribution_grants')
    .select(['id', 'user_id', 'lifted_from'])
    .where('ended_at', 'is', null)
    .where('pro_until', '<=', now)
    .execute();
}

/** Marks a grant ended; false when another run ended it first. */
export async function endGrant(db: Db, id: number, now: string): Promise<boolean> {
  const ended = await db.updateTable('map_contribution_grants').set({ ended_at: now }).where('id', '=', id).where('ended_at', 'is', null).executeTakeFirst();
  return Number(ended.numUpdatedRows) > 0;
}

/** When the user's chain of grants first lifted their plan, or undefined. */
export async function firstLiftAt(db: Db, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('map_contribution_grants')
    .select((eb) => eb.fn.min('granted_at').as('at'))
    .where('user_id', '=', userId)
    .where('lifted_from', 'is not', null)
    .executeTakeFirst();
  return row?.at ?? undefined;
}

/** True when an admin fulfilled an upgrade request of the user at or after `since` (a paid plan). */
export async function paidUpgradeSince(db: Db, userId: number, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('upgrade_requests')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'fulfilled')
    .where('decided_at', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
}
