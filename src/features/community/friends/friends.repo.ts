import { sql } from 'kysely';
import type { Db } from '#core/db/index.js';
import { containsPattern } from '#core/db/like.js';

const pair = (a: number, b: number) => ({ user_low: Math.min(a, b), user_high: Math.max(a, b) });
const CARD = ['users.id', 'users.name', 'users.avatar_url', 'users.city'] as const;

export const findFriendship = (db: Db, a: number, b: number) => {
  const p = pair(a, b);
  return db.selectFrom('friendships').selectAll().where('user_low', '=', p.user_low).where('user_high', '=', p.user_high).executeTakeFirst();
};

export const findFriendshipById = (db: Db, id: number) => db.selectFrom('friendships').selectAll().where('id', '=', id).executeTakeFirst();

/** Inserts a pending request; undefined when the pair already has one (the unique index decides, also under a race). */
export async function insertRequest(db: Db, requesterId: number, addresseeId: number, now: string) {
  return db
    .insertInto('friendships')
    .values({ requester_id: requesterId, addressee_id: addresseeId, ...pair(requesterId, addresseeId), status: 'pending', created_at: now })
    .onConflict((oc) => oc.columns(['user_low', 'user_high']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function acceptRequest(db: Db, id: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('friendships')
    .set({ status: 'accepted', accepted_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Deletes the request only while it is pending; false when it is gone or was accepted meanwhile. */
export async function deletePendingRequest(db: Db, id: number): Promise<boolean> {
  const r = await db.deleteFrom('friendships').where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

export async function deleteFriendship(db: Db, id: number): Promise<void> {
  await db.deleteFrom('friendships').where('id', '=', id).execute();
}

export async function deletePair(db: Db, a: number, b: number): Promise<boolean> {
  const p = pair(a, b);
  const r = await db.deleteFrom('friendships').where('user_low', '=', p.user_low).where('user_high', '=', p.user_high).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/**
 * The user's requests with the other person's card; `side` incoming (to the user) or outgoing (from the user).
 * The request's id comes as `request_id`: the card brings `users.id`, and two columns named `id` in one row would
 * leave only the last (the other person's id would pose as the request's).
 */
function pendingRequests(db: Db, userId: number, side: 'incoming' | 'outgoing') {
  const mine = side === 'incoming' ? 'friendships.addressee_id' : 'friendships.requester_id';
  const other = side === 'incoming' ? 'friendships.requester_id' : 'friendships.addressee_id';
  return db
    .selectFrom('friendships')
    .innerJoin('users', 'users.id', other)
    .select(['friendships.id as request_id', 'friendships.status', 'friendships.created_at', ...CARD])
    .where(mine, '=', userId)
    .where('friendships.status', '=', 'pending');
}

export function requestsOf(db: Db, userId: number, side: 'incoming' | 'outgoing', take = 200, beforeId?: number) {
  let q = pendingRequests(db, userId, side);
  // Keyset, newest first: the side's (person, status) index holds the rows in id order within one person.
  if (beforeId !== undefined) q = q.where('friendships.id', '<', beforeId);
  return q.orderBy('friendships.id', 'desc').limit(take).execute();
}

/**
 * The newest `take` open requests of one side, each row with the side's total (a window over the same index range,
 * so the overview's badge needs no second statement); no rows means a total of 0.
 */
export function requestsWithTotal(db: Db, userId: number, side: 'incoming' | 'outgoing', take: number) {
  return pendingRequests(db, userId, side)
    .select((eb) => eb.fn.countAll<number | string>().over().as('total'))
    .orderBy('friendships.id', 'desc')
    .limit(take)
    .execute();
}

/**
 * The user's friends with their cards, by name then id (keyset: after the given name and id). One index seek per side
 * of the pair (friendships_requester_idx and friendships_addressee_idx, both (side, status)) joined with UNION ALL: a
 * join on an OR of the two pair columns made SQLite scan every friendship of the service, and PostgreSQL spent
 * milliseconds planning it (issue 34). The order by name is a sort of this user's friends only (no index can
 * serve a name of the other table); the keyset keeps each answer one page.
 */
export function friendsOf(db: Db, userId: number, take = 1000, after?: { n: string; id: number }) {
  const side = (mine: 'friendships.requester_id' | 'friendships.addressee_id', other: 'friendships.requester_id' | 'friendships.addressee_id') => {
    let q = db
      .selectFrom('friendships')
      .innerJoin('users', 'users.id', other)
      // Aliased: ORDER BY of a compound select names a result column, and a bare `id` is ambiguous beside friendships.id.
      .select(['friendships.accepted_at', 'users.id as id', 'users.name as name', 'users.avatar_url', 'users.city'])
      .where(mine, '=', userId)
      .where('friendships.status', '=', 'accepted');
    if (after) q = q.where((eb) => eb.or([eb('users.name', '>', after.n), eb.and([eb('users.name', '=', after.n), eb('users.id', '>', after.id)])]));
    return q;
  };
  return side('friendships.requester_id', 'friendships.addressee_id')
    .unionAll(side('friendships.addressee_id', 'friendships.requester_id'))
    .orderBy('name')
    .orderBy('id')
    .limit(take)
    .execute();
}

export async function insertBlock(db: Db, blockerId: number, blockedId: number, now: string): Promise<void> {
  await db
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: now })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
}

export async function deleteBlock(db: Db, blockerId: number, blockedId: number): Promise<boolean> {
  const r = await db.deleteFrom('blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Whom the user blocked, newest first (keyset: block time, then the blocked person's id). */
export function blocksOf(db: Db, blockerId: number, take: number, after: { t: string; id: number } | undefined) {
  let q = db
    .selectFrom('blocks')
    .innerJoin('users', 'users.id', 'blocks.blocked_id')
    .select([...CARD, 'blocks.created_at as blocked_at'])
    .where('blocks.blocker_id', '=', blockerId);
  if (after)
    q = q.where((eb) =>
      eb.or([eb('blocks.created_at', '<', after.t), eb.and([eb('blocks.created_at', '=', after.t), eb('blocks.blocked_id', '<', after.id)])]),
    );
  return q.orderBy('blocks.created_at', 'desc').orderBy('blocks.blocked_id', 'desc').limit(take).execute();
}

export async function blockedEitherWay(db: Db, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) => eb.or([eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]), eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)])]))
    .executeTakeFirst();
  return row !== undefined;
}

export const findUserCard = (db: Db, id: number) =>
  db
    .selectFrom('users')
    .select([...CARD, 'users.profile_private', 'users.status'])
    .where('users.id', '=', id)
    .executeTakeFirst();

/**
 * People to befriend by name: public profiles of active accounts, never oneself, never anyone blocked in either
 * direction. Case-insensitive (ASCII on SQLite), wildcards in the term taken literally.
 */
export function searchPeople(db: Db, viewerId: number, term: string, limit: number) {
  const pattern = containsPattern(term.toLowerCase());
  return db
    .selectFrom('users')
    .select(CARD)
    .where(sql<boolean>`lower(users.name) like ${pattern} escape '\\'`)
    .where('users.profile_private', '=', 0)
    .where('users.status', '=', 'active')
    .where('users.id', '<>', viewerId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('blocks')
            .select('blocks.blocker_id')
            .where((eb) =>
              eb.or([
                eb.and([eb('blocks.blocker_id', '=', viewerId), eb('blocks.blocked_id', '=', eb.ref('users.id'))]),
                eb.and([eb('blocks.blocked_id', '=', viewerId), eb('blocks.blocker_id', '=', eb.ref('users.id'))]),
              ]),
            ),
        ),
      ),
    )
    .orderBy('users.name')
    .orderBy('users.id')
    .limit(limit)
    .execute();
}
