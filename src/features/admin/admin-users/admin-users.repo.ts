import { sql } from 'kysely';
import { SESSION_USER_COLUMNS, type SessionUser } from '#core/auth/session-user.js';
import type { Db } from '#core/db/index.js';
import { containsPattern } from '#core/db/like.js';

/**
 * Users whose name (and, when `includeEmail`, whose email) contains the term, case-insensitively (ASCII on SQLite),
 * ordered by name then id; `after` is the keyset cursor.
 */
export async function searchUsers(
  db: Db,
  options: { term: string; includeEmail: boolean; limit: number; after?: { name: string; id: number } | undefined },
): Promise<SessionUser[]> {
  const pattern = containsPattern(options.term.toLowerCase());
  let q = db
    .selectFrom('users')
    .select(SESSION_USER_COLUMNS)
    .where((eb) => {
      const byName = sql<boolean>`lower(${sql.ref('name')}) like ${pattern} escape '\\'`;
      return options.includeEmail ? eb.or([byName, sql<boolean>`${sql.ref('email')} like ${pattern} escape '\\'`]) : byName;
    })
    .orderBy('name')
    .orderBy('id')
    .limit(options.limit);
  const after = options.after;
  if (after) q = q.where((eb) => eb.or([eb('name', '>', after.name), eb.and([eb('name', '=', after.name), eb('id', '>', after.id)])]));
  return q.execute();
}
