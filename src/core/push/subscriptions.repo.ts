import type { Db } from '../db/index.js';
import { lockRow } from '../db/row-lock.js';
import { countOf } from '../db/count.js';

export interface PushSubscriptionRow {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

const COLUMNS = ['id', 'user_id', 'endpoint', 'p256dh', 'auth', 'created_at'] as const;

/** At most this many devices per user: the oldest goes when a new one comes (stale browsers never unsubscribe). */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

/**
 * The same endpoint twice is one subscription (decisions: Push). A browser that was subscribed for another
 * account moves to the user who subscribes it now: pushes follow whoever uses the device.
 */
export async function upsertSubscription(
  db: Db,
  s: { userId: number; endpoint: string; p256dh: string; auth: string; now: string },
): Promise<PushSubscriptionRow> {
  return db.transaction().execute(async (trx) => {
    // Under the user row's lock: devices subscribing at once trim one after the other and keep the cap.
    await lockRow(trx, 'users', s.userId);
    const row = await trx
      .insertInto('push_subscriptions')
      .values({ user_id: s.userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, created_at: s.now, updated_at: s.now })
      .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: s.userId, p256dh: s.p256dh, auth: s.auth, updated_at: s.now }))
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    const keep = await trx
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', s.userId)
      .orderBy('id', 'desc')
      .limit(MAX_SUBSCRIPTIONS_PER_USER)
      .execute();
    if (keep.length === MAX_SUBSCRIPTIONS_PER_USER) {
      const oldestKept = keep[keep.length - 1]?.id ?? 0;
      await trx.deleteFrom('push_subscriptions').where('user_id', '=', s.userId).where('id', '<', oldestKept).execute();
    }
    return row;
  });
}

export function findSubscriptionByEndpoint(db: Db, endpoint: string): Promise<PushSubscriptionRow | undefined> {
  return db.selectFrom('push_subscriptions').select(COLUMNS).where('endpoint', '=', endpoint).executeTakeFirst();
}

export async function deleteSubscription(db: Db, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/** A push service said the subscription is gone (404/410): it goes, with its queued deliveries. */
export async function deleteSubscriptions(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('push_subscriptions').where('id', 'in', ids).execute();
}

/** The subscription ids of several users, by user (users without a device are not in the map). */
export async function subscriptionIdsOfUsers(db: Db, userIds: readonly number[]): Promise<Map<number, number[]>> {
  const found = new Map<number, number[]>();
  if (userIds.length === 0) return found;
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id'])
    .where('user_id', 'in', [...userIds])
    .orderBy('id')
    .execute();
  for (const r of rows) found.set(r.user_id, [...(found.get(r.user_id) ?? []), r.id]);
  return found;
}

export function subscriptionsByIds(db: Db, ids: number[]): Promise<PushSubscriptionRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('push_subscriptions').select(COLUMNS).where('id', 'in', ids).execute();
}

export function countSubscriptions(db: Db, userId: number): Promise<number> {
  return countOf(db.selectFrom('push_subscriptions').where('user_id', '=', userId));
}
