import type { Db } from '#core/db/index.js';

/** The table reports name a person by (core/reports: kind = the reported row's table). */
export const REPORTED_USERS = 'users';

/** The reported people as a moderator sees them: one query however many. */
export function reportedUsers(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'name', 'email', 'avatar_url', 'city', 'status']).where('id', 'in', ids).execute();
}
