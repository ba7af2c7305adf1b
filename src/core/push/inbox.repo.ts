import type { Selectable } from 'kysely';
import type { Db } from '../db/index.js';
import { countOf } from '../db/count.js';
import type { NotificationsTable } from '../db/tables/notifications.js';

/**
 * The in-app notifications table. Core owns its writes, because `notify` (used by every area) writes the row;
 * the notifications area (src/features/accounts/notifications) is its HTTP face and reads and marks rows through here.
 */

export interface NewInboxRow {
  userId: number;
  type: string;
  title: string;
  body: string;
  url?: string | null;
  /** Jobs pass a key (e.g. anniversary:<dogId>:<day>) so a rerun does not notify twice. */
  dedupeKey?: string | null | undefined;
  now: string;
}

/** Inserts the row; undefined when a row with the same dedupe key exists already. */
export async function insertInboxRow(db: Db, n: NewInboxRow): Promise<number | undefined> {
  return (await insertInboxRows(db, [n])).get(n.userId);
}

/**
 * Inserts the rows of several users (at most one each) in one statement; the ids by user. A row whose dedupe key
 * exists already is left out, as with insertInboxRow.
 */
export async function insertInboxRows(db: Db, rows: readonly NewInboxRow[]): Promise<Map<number, number>> {
  if (rows.length === 0) return new Map();
  const inserted = await db
    .insertInto('notifications')
    .values(
      rows.map((n) => ({
        user_id: n.userId,
        type: n.type,
        title: n.title.slice(0, 200),
        body: n.body.slice(0, 2000),
        url: n.url ?? null,
        dedupe_key: n.dedupeKey ?? null,
        created_at: n.now,
      })),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning(['id', 'user_id'])
    .execute();
  return new Map(inserted.map((r) => [r.user_id, r.id]));
}

export type InboxRow = Pick<Selectable<NotificationsTable>, 'id' | 'user_id' | 'type' | 'title' | 'body' | 'url' | 'read_at' | 'created_at'>;
const COLUMNS = ['id', 'user_id', 'type', 'title', 'body', 'url', 'read_at', 'created_at'] as const;

/** Where a page of the inbox continues: in the unread part (r = 0) or the read part (r = 1), below `id`. */
export interface InboxCursor {
  r: 0 | 1;
  id: number;
}

/**
 * Unread first, then read, each newest first: at most `take` rows after `after`. Two index range scans on
 * (user_id, id) instead of one sort over all of a user's rows.
 */
export async function listInboxRows(db: Db, userId: number, take: number, after: InboxCursor | undefined, unreadOnly: boolean): Promise<InboxRow[]> {
  const rows: InboxRow[] = [];
  if (!after || after.r === 0) {
    let q = db.selectFrom('notifications').select(COLUMNS).where('user_id', '=', userId).where('read_at', 'is', null);
    if (after) q = q.where('id', '<', after.id);
    rows.push(...(await q.orderBy('id', 'desc').limit(take).execute()));
  }
  if (unreadOnly || rows.length >= take) return rows;
  let q = db.selectFrom('notifications').select(COLUMNS).where('user_id', '=', userId).where('read_at', 'is not', null);
  if (after?.r === 1) q = q.where('id', '<', after.id);
  rows.push(
    ...(await q
      .orderBy('id', 'desc')
      .limit(take - rows.length)
      .execute()),
  );
  return rows;
}

export function countUnread(db: Db, userId: number): Promise<number> {
  return countOf(db.selectFrom('notifications').where('user_id', '=', userId).where('read_at', 'is', null));
}

export function findInboxRow(db: Db, id: number): Promise<InboxRow | undefined> {
  return db.selectFrom('notifications').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Marks as read once; a second call keeps the first time. */
export async function markInboxRowRead(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('notifications').set({ read_at: now }).where('id', '=', id).where('read_at', 'is', null).execute();
}

/** Marks every unread row of the user as read; returns how many. */
export async function markAllInboxRowsRead(db: Db, userId: number, now: string): Promise<number> {
  const result = await db.updateTable('notifications').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
