import type { Db } from '#core/db/index.js';

/** The security log (migration 0052). */

export async function insertSecurityEvent(
  db: Db,
  row: { user_id: number; kind: string; method: string | null; user_agent: string | null; created_at: string },
): Promise<void> {
  await db.insertInto('security_events').values(row).execute();
}

/** The newest events of a user (the profile shows the last 50). */
export function listSecurityEvents(db: Db, userId: number, take: number) {
  return db
    .selectFrom('security_events')
    .select(['id', 'kind', 'method', 'user_agent', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(take)
    .execute();
}
