import type { Db } from '#core/db/index.js';

export const LOCKOUT_MAX_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;

const windowStart = (now: Date) => new Date(now.getTime() - LOCKOUT_WINDOW_MS).toISOString();

/**
 * Password attempts per normalised email, kept in the database so a restart does not reset them. An attempt is
 * written BEFORE its password is checked, and it may go ahead only if fewer than 5 attempts precede it in the
 * window: parallel requests then cannot all slip past a count read before any of them wrote. A successful
 * attempt clears the rows; a failed one stays as the failure.
 *
 * Two scopes: every attempt counts for the account (`earlier`), and an attempt from a known device also counts for
 * that device alone (`earlierOnDevice`). A known device is locked only by its own failures.
 */
export async function beginAttempt(db: Db, email: string, now: Date, device: string | null): Promise<{ id: number; earlier: number; earlierOnDevice: number }> {
  const row = await db.insertInto('login_failures').values({ email, failed_at: now.toISOString(), device }).returning('id').executeTakeFirstOrThrow();
  const counts = await db
    .selectFrom('login_failures')
    .select((eb) => [
      eb.fn.countAll<number>().as('all'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when('device', '=', device ?? '')
            .then(1)
            .else(0)
            .end(),
        )
        .as('on_device'),
    ])
    .where('email', '=', email)
    .where('failed_at', '>', windowStart(now))
    .where('id', '<', row.id)
    .executeTakeFirstOrThrow();
  return { id: row.id, earlier: Number(counts.all), earlierOnDevice: device ? Number(counts.on_device ?? 0) : 0 };
}

/** A refused attempt (made while locked) does not count: the lock lifts 15 minutes after the 5th failure. */
export async function dropAttempt(db: Db, id: number): Promise<void> {
  await db.deleteFrom('login_failures').where('id', '=', id).execute();
}

/** Seconds until the 5th-newest attempt in the window (of the account, or of one device) leaves it (at least 1). */
export async function lockedForSeconds(db: Db, email: string, now: Date, device: string | null = null): Promise<number> {
  let query = db.selectFrom('login_failures').select('failed_at').where('email', '=', email).where('failed_at', '>', windowStart(now));
  if (device) query = query.where('device', '=', device);
  const rows = await query.orderBy('failed_at', 'desc').limit(LOCKOUT_MAX_FAILURES).execute();
  const fifth = rows[LOCKOUT_MAX_FAILURES - 1] ?? rows[rows.length - 1];
  if (!fifth) return 1;
  return Math.max(1, Math.ceil((Date.parse(fifth.failed_at) + LOCKOUT_WINDOW_MS - now.getTime()) / 1000));
}

/**
 * After a success: from a known device only that device's failures go (an attack from elsewhere keeps its count);
 * from any other browser all of them.
 */
export async function clearFailures(db: Db, email: string, device: string | null = null): Promise<void> {
  let query = db.deleteFrom('login_failures').where('email', '=', email);
  if (device) query = query.where('device', '=', device);
  await query.execute();
}

export async function purgeOldFailures(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('login_failures').where('failed_at', '<=', windowStart(now)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
