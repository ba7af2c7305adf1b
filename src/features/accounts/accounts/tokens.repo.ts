import type { Db } from '#core/db/index.js';

/** Email verification tokens (only their hashes) and the session blacklist: the accounts area's token tables. */

export async function insertVerification(db: Db, values: { tokenHash: string; userId: number; now: string; expiresAt: string }): Promise<void> {
  await db
    .insertInto('email_verifications')
    .values({ token_hash: values.tokenHash, user_id: values.userId, created_at: values.now, expires_at: values.expiresAt })
    .execute();
}

/**
 * Whose the token is and until when it was valid; undefined for an unknown one. A used link stays until it expires
 * (the purge job removes it), so a second click can say "schon bestätigt" instead of "ungültig".
 */
export async function findVerification(db: Db, tokenHash: string): Promise<{ user_id: number; expires_at: string } | undefined> {
  return db.selectFrom('email_verifications').select(['user_id', 'expires_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function purgeExpiredVerifications(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('email_verifications').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Blacklist entries outlive their token's expiry only uselessly. */
export async function purgeExpiredRevokedTokens(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('revoked_tokens').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
