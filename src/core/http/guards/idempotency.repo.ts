import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** One user's key on one route: the row's primary key. */
export interface KeyRef {
  userId: number;
  route: string;
  key: string;
}

export interface StoredKey {
  request_hash: string;
  status: number | null;
  response: string | null;
  created_at: string;
}

/**
 * The claim: inserts the key's row unless it exists. On both engines `ON CONFLICT DO NOTHING` settles two racing
 * inserts on the primary key; exactly one of them reports a row (no engine-specific constraint codes needed).
 */
export async function claimKey(db: Kysely<Database>, ref: KeyRef, requestHash: string, claim: string, createdAt: string): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_keys')
    // While unanswered, `response` holds the claim's own random token (releaseClaim).
    .values({ user_id: ref.userId, route: ref.route, key: ref.key, request_hash: requestHash, status: null, response: claim, created_at: createdAt })
    .onConflict((oc) => oc.columns(['user_id', 'route', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findKey(db: Kysely<Database>, ref: KeyRef): Promise<StoredKey | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status', 'response', 'created_at'])
    .where('user_id', '=', ref.userId)
    .where('route', '=', ref.route)
    .where('key', '=', ref.key)
    .executeTakeFirst();
}

/** The first request's answer, kept for the repeats. */
export async function completeKey(db: Kysely<Database>, ref: KeyRef, claim: string, status: number, response: string): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status, response })
    .where('user_id', '=', ref.userId)
    .where('route', '=', ref.route)
    .where('key', '=', ref.key)
    .where('status', 'is', null)
    .where('response', '=', claim)
    .execute();
}

/**
 * Gives an unanswered claim back: the request failed (nothing was written) or its process died. `claim` (the token
 * the claim was made with) names the very claim that was seen, so a newer claim made in between is left alone.
 */
export async function releaseClaim(db: Kysely<Database>, ref: KeyRef, claim: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', ref.userId)
    .where('route', '=', ref.route)
    .where('key', '=', ref.key)
    .where('status', 'is', null)
    .where('response', '=', claim)
    .execute();
}

/** Keys older than the retention (7 days): a replay after that is a new request. */
export async function purgeKeysBefore(db: Kysely<Database>, cutoff: string): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
