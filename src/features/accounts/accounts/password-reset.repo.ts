import type { Db } from '#core/db/index.js';
import { countOf } from '#core/db/count.js';

/** Password reset links (password_resets): only hashes, voided by a newer request, deleted when used. */

export async function insertReset(db: Db, row: { token_hash: string; user_id: number; created_at: string; expires_at: string }): Promise<void> {
  await db.insertInto('password_resets').values(row).execute();
}

/**
 * Takes the user row's lock for the rest of the transaction (a write that changes nothing), so two requests for the
 * same account count and insert one after the other (PostgreSQL; SQLite's write lock does it anyway).
 */
export async function lockUserForReset(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb.ref('token_version') }))
    .where('id', '=', userId)
    .execute();
}

/** A newer request voids the user's older links. */
export async function voidResetsOf(db: Db, userId: number, now: string): Promise<void> {
  await db.updateTable('password_resets').set({ voided_at: now }).where('user_id', '=', userId).where('voided_at', 'is', null).execute();
}

/** How many links the user asked for since `since` (the per-address allowance). */
export function resetsSince(db: Db, userId: number, since: string): Promise<number> {
  return countOf(db.selectFrom('password_resets').where('user_id', '=', userId).where('created_at', '>', since));
}

/** Removes a link and tells whose it was; undefined for an unknown or used one. */
export function takeReset(db: Db, tokenHash: string): Promise<{ user_id: number; expires_at: string; voided_at: string | null } | undefined> {
  return db.deleteFrom('password_resets').where('token_hash', '=', tokenHash).returning(['user_id', 'expires_at', 'voided_at']).executeTakeFirst();
}

export async function deleteResetsOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
}

/** Links are kept an hour past their expiry at most: long enough to count the allowance. */
export async function purgeExpiredResets(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('password_resets').where('expires_at', '<=', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
