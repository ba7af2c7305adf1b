import type { Selectable } from 'kysely';
import type { Db } from '#core/db/index.js';
import type { CalendarFeedsTable } from '#core/db/tables/calendar-feeds.js';

const COLUMNS = ['user_id', 'token_hash', 'seed', 'created_at'] as const;

export type FeedRow = Selectable<CalendarFeedsTable>;

export function findFeedOfUser(db: Db, userId: number): Promise<FeedRow | undefined> {
  return db.selectFrom('calendar_feeds').select(COLUMNS).where('user_id', '=', userId).executeTakeFirst();
}

export function findFeedByHash(db: Db, tokenHash: string): Promise<FeedRow | undefined> {
  return db.selectFrom('calendar_feeds').select(COLUMNS).where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** The user's first feed; when two requests race, the second finds the row and keeps it (no new address). */
export async function insertFeedIfNone(db: Db, row: FeedRow): Promise<void> {
  await db
    .insertInto('calendar_feeds')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** A new address for the user's feed: the old hash is gone in the same statement, so the old address stops at once. */
export async function replaceFeed(db: Db, row: FeedRow): Promise<boolean> {
  const r = await db
    .updateTable('calendar_feeds')
    .set({ token_hash: row.token_hash, seed: row.seed, created_at: row.created_at })
    .where('user_id', '=', row.user_id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteFeed(db: Db, userId: number): Promise<boolean> {
  const r = await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
