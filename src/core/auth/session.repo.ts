import type { Db } from '../db/index.js';
import { SESSION_USER_COLUMNS } from './session-user.js';

/** The session's two tables: the user row it loads and the blacklist of logged-out sessions. */

export async function insertRevokedToken(db: Db, jti: string, expiresAt: string): Promise<void> {
  await db
    .insertInto('revoked_tokens')
    .values({ jti, expires_at: expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
}

/** The user row and whether the session is blacklisted, in one query (the hot path of every request). */
export function findSessionUser(db: Db, userId: number, jti: string) {
  return db
    .selectFrom('users')
    .select(SESSION_USER_COLUMNS)
    .select((eb) => eb.exists(eb.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti)).as('revoked'))
    .where('id', '=', userId)
    .executeTakeFirst();
}
