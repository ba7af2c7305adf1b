import type { Db } from '#core/db/index.js';

/** Pending email changes (email_changes): one per user, only the token's hash. */

/** Stores the user's pending change, replacing an older one (its link stops working). */
export async function putEmailChange(db: Db, row: { token_hash: string; user_id: number; new_email: string; created_at: string; expires_at: string }) {
  await db.deleteFrom('email_changes').where('user_id', '=', row.user_id).execute();
  await db.insertInto('email_changes').values(row).execute();
}

/** Removes the change and tells whose it was and to which address; undefined for an unknown or used link. */
export function takeEmailChange(db: Db, tokenHash: string): Promise<{ user_id: number; new_email: string; expires_at: string } | undefined> {
  return db.deleteFrom('email_changes').where('token_hash', '=', tokenHash).returning(['user_id', 'new_email', 'expires_at']).executeTakeFirst();
}

export async function purgeExpiredEmailChanges(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('email_changes').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
