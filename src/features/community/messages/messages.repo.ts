import { sql } from 'kysely';
import { compiledOnce } from '#core/db/compiled-once.js';
import type { Db } from '#core/db/index.js';

const COLUMNS = ['id', 'sender_id', 'recipient_id', 'text', 'created_at', 'read_at'] as const;
const pair = (a: number, b: number) => ({ low: Math.min(a, b), high: Math.max(a, b) });

/** Compiled once (core/db/compiled-once.ts): an open chat polls it every few seconds. */
const messagesAfterQuery = compiledOnce((db: Db, low: number, high: number, after: number, limit: number) =>
  db.selectFrom('messages').select(COLUMNS).where('pair_low', '=', low).where('pair_high', '=', high).where('id', '>', after).orderBy('id').limit(limit),
);

/** One index range (pair_low, pair_high, id): the messages after `after`, oldest first. */
export function messagesAfter(db: Db, a: number, b: number, after: number, limit: number) {
  const p = pair(a, b);
  return messagesAfterQuery(db, p.low, p.high, after, limit);
}

/**
 * The pair's messages newest first, before the id `before` when given: one backwards index range on
 * (pair_low, pair_high, id). The caller turns a page round to show it oldest first.
 */
export function messagesBefore(db: Db, a: number, b: number, before: number | undefined, limit: number) {
  const p = pair(a, b);
  let q = db.selectFrom('messages').select(COLUMNS).where('pair_low', '=', p.low).where('pair_high', '=', p.high);
  if (before !== undefined) q = q.where('id', '<', before);
  return q.orderBy('id', 'desc').limit(limit).execute();
}

/**
 * The other person's card and the pair's friendship status (null: none) in one statement: the messages page names who
 * it is with (the chat's heading) without a second lookup. Undefined when the person does not exist.
 */
export async function partnerWithFriendship(db: Db, userId: number, otherId: number) {
  const p = pair(userId, otherId);
  const row = await db
    .selectFrom('users')
    .leftJoin('friendships as f', (join) => join.on('f.user_low', '=', p.low).on('f.user_high', '=', p.high))
    .select(['users.id', 'users.name', 'users.avatar_url', 'users.city', 'f.status'])
    .where('users.id', '=', otherId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { card: { id: row.id, name: row.name, avatar_url: row.avatar_url, city: row.city }, friends: row.status === 'accepted' };
}

export function insertMessage(db: Db, senderId: number, recipientId: number, text: string, now: string) {
  const p = pair(senderId, recipientId);
  return db
    .insertInto('messages')
    .values({ sender_id: senderId, recipient_id: recipientId, pair_low: p.low, pair_high: p.high, text, created_at: now })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Unread messages from `senderId` to `recipientId` other than `exceptId` (is this the first of a burst?). */
export async function hasEarlierUnread(db: Db, senderId: number, recipientId: number, exceptId: number): Promise<boolean> {
  const row = await db
    .selectFrom('messages')
    .select('id')
    .where('recipient_id', '=', recipientId)
    .where('read_at', 'is', null)
    .where('sender_id', '=', senderId)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function markRead(db: Db, readerId: number, senderId: number, now: string): Promise<number> {
  const r = await db
    .updateTable('messages')
    .set({ read_at: now })
    .where('recipient_id', '=', readerId)
    .where('sender_id', '=', senderId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Per friend with messages: the friend's card, the newest message id and the unread count, newest conversation first, those before the
 * conversation whose newest message is `before` (keyset on that id). Two index ranges, one per side of the pair
 * (messages_pair_idx, messages_pair_high_idx); a pair that is no longer friends drops out through the friendships'
 * unique pair index, in SQL, so a page holds whole conversations and the cursor stays right.
 */
export async function conversationHeads(db: Db, userId: number, limit: number, before?: number) {
  const rows = await sql<{ other_id: number; last_id: number; unread: number | string; name: string; avatar_url: string | null; city: string | null }>`
    select g.other_id, g.last_id, g.unread, u.name, u.avatar_url, u.city from (
      select other_id, max(id) as last_id, sum(case when recipient_id = ${userId} and read_at is null then 1 else 0 end) as unread
      from (
        select id, recipient_id, read_at, pair_high as other_id from messages where pair_low = ${userId}
        union all
        select id, recipient_id, read_at, pair_low as other_id from messages where pair_high = ${userId}
      ) mine
      group by other_id
    ) g
    join users u on u.id = g.other_id
    where exists (
      select 1 from friendships f
      where f.user_low = case when g.other_id < ${userId} then g.other_id else ${userId} end
        and f.user_high = case when g.other_id < ${userId} then ${userId} else g.other_id end
        and f.status = 'accepted'
    )
    ${before === undefined ? sql`` : sql`and g.last_id < ${before}`}
    order by g.last_id desc
    limit ${limit}`.execute(db);
  return rows.rows.map((r) => ({
    other_id: Number(r.other_id),
    last_id: Number(r.last_id),
    unread: Number(r.unread),
    user: { id: Number(r.other_id), name: r.name, avatar_url: r.avatar_url, city: r.city },
  }));
}

/**
 * Unread messages to the user from friends, over all conversations: counted per sender on messages_unread_idx
 * (recipient, read_at, sender), then each sender's friendship looked up by its unique pair (a join of every unread
 * message with friendships let PostgreSQL walk all friendships).
 */
export async function unreadFromFriends(db: Db, userId: number): Promise<number> {
  const rows = await sql<{ n: number | string | null }>`
    select sum(u.n) as n from (
      select sender_id, count(*) as n from messages where recipient_id = ${userId} and read_at is null group by sender_id
    ) u
    where exists (
      select 1 from friendships f
      where f.user_low = case when u.sender_id < ${userId} then u.sender_id else ${userId} end
        and f.user_high = case when u.sender_id < ${userId} then ${userId} else u.sender_id end
        and f.status = 'accepted'
    )`.execute(db);
  return Number(rows.rows[0]?.n ?? 0);
}

export function messagesByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('messages')
    .select(COLUMNS)
    .where('id', 'in', [...ids])
    .execute();
}

/**
 * A page of every message the user sent or received, oldest first, with the other person's name (never their
 * address): the data export's `nachrichten.json`. One index range per side of the pair (messages_pair_idx,
 * messages_pair_high_idx) joined with UNION ALL: an OR over sender and recipient read every message of the service
 * for each page (issue 34). A message is never to oneself, so no row comes twice. `id` carries its alias: ORDER BY
 * of a compound select names a result column, and a bare `id` would be ambiguous beside the join's `other.id`.
 */
export function messagesOfUser(db: Db, userId: number, afterId: number, limit: number) {
  const side = (mine: 'messages.pair_low' | 'messages.pair_high', other: 'messages.pair_low' | 'messages.pair_high') =>
    db
      .selectFrom('messages')
      .innerJoin('users as other', 'other.id', other)
      .select(['messages.id as id', 'messages.sender_id', 'messages.text', 'messages.created_at', 'messages.read_at', 'other.name as other_name'])
      .where(mine, '=', userId)
      .where('messages.id', '>', afterId);
  return side('messages.pair_low', 'messages.pair_high').unionAll(side('messages.pair_high', 'messages.pair_low')).orderBy('id').limit(limit).execute();
}
