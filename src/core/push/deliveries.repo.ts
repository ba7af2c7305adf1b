import type { Db } from '../db/index.js';
import { countOf } from '../db/count.js';

export interface NewDelivery {
  notificationId: number;
  payload: string;
  ttlSeconds: number;
  urgency: string;
  topic: string | null;
  dueAt: string;
  expiresAt: string;
  now: string;
}

/** Rows per insert: 9 values each stays far below either engine's limit on bound values. */
const DELIVERY_ROWS_PER_INSERT = 1000;

/** Queued pushes of several notifications at once (one per subscription named), in inserts of up to 1,000 rows. */
export async function queueDeliveryRows(db: Db, rows: readonly (NewDelivery & { subscriptionId: number })[]): Promise<void> {
  for (let i = 0; i < rows.length; i += DELIVERY_ROWS_PER_INSERT) {
    await db
      .insertInto('push_deliveries')
      .values(
        rows.slice(i, i + DELIVERY_ROWS_PER_INSERT).map((d) => ({
          subscription_id: d.subscriptionId,
          notification_id: d.notificationId,
          payload: d.payload,
          ttl_seconds: d.ttlSeconds,
          urgency: d.urgency,
          topic: d.topic,
          next_attempt_at: d.dueAt,
          expires_at: d.expiresAt,
          created_at: d.now,
        })),
      )
      .execute();
  }
}

export interface ClaimedDelivery {
  id: number;
  subscription_id: number;
  payload: string;
  ttl_seconds: number;
  urgency: string;
  topic: string | null;
  attempts: number;
  expires_at: string;
}

/**
 * Claims up to `limit` due deliveries for this sender: their due time moves to `claimUntil`, so another sender
 * (a second instance, or the job beside a request's kick) skips them, and a sender that dies leaves them to be
 * retried after the claim runs out. The conditional UPDATE makes the claim atomic on both engines.
 */
export async function claimDueDeliveries(db: Db, now: string, claimUntil: string, limit: number): Promise<ClaimedDelivery[]> {
  const due = await db
    .selectFrom('push_deliveries')
    .select('id')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  if (due.length === 0) return [];
  return db
    .updateTable('push_deliveries')
    .set({ next_attempt_at: claimUntil })
    .where(
      'id',
      'in',
      due.map((r) => r.id),
    )
    .where('next_attempt_at', '<=', now)
    .returning(['id', 'subscription_id', 'payload', 'ttl_seconds', 'urgency', 'topic', 'attempts', 'expires_at'])
    .execute();
}

/** Delivered or given up: the rows go. */
export async function deleteDeliveries(db: Db, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500)
    await db
      .deleteFrom('push_deliveries')
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
}

export async function rescheduleDelivery(db: Db, id: number, attempts: number, nextAttemptAt: string, lastError: string): Promise<void> {
  await db
    .updateTable('push_deliveries')
    .set({ attempts, next_attempt_at: nextAttemptAt, last_error: lastError.slice(0, 300) })
    .where('id', '=', id)
    .execute();
}

/** How many pushes wait (due or held), for the admin view and tests. */
export function countQueued(db: Db): Promise<number> {
  return countOf(db.selectFrom('push_deliveries'));
}
