import type { Db } from '../../core/db/index.js';

export const LOCKOUT_MAX_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;

/**
 * Failed logins per normalised email, kept in the database so a restart does not reset them.
 * Returns the seconds until the lock lifts, or 0 when the account is open.
 */
export async function lockedForSeconds(db: Db, email: string, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - LOCKOUT_WINDOW_MS).toISOString();
  const rows = await db
    .selectFrom('login_failures')
    .select('failed_at')
    .where('email', '=', email)
    .where('failed_at', '>', windowStart)
    .orderBy('failed_at', 'desc')
    .limit(LOCKOUT_MAX_FAILURES)
    .execute();
  if (rows.length < LOCKOUT_MAX_FAILURES) return 0;
  // Locked until the 5th-most-recent failure leaves the window.
  const oldest = rows[rows.length - 1];
  if (!oldest) return 0;
  return Math.max(1, Math.ceil((Date.parse(oldest.failed_at) + LOCKOUT_WINDOW_MS - now.getTime()) / 1000));
}

export async function recordFailure(db: Db, email: string, now: Date): Promise<void> {
  await db.insertInto('login_failures').values({ email, failed_at: now.toISOString() }).execute();
}

export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}

export async function purgeOldFailures(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - LOCKOUT_WINDOW_MS).toISOString();
  const result = await db.deleteFrom('login_failures').where('failed_at', '<=', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
