import { z } from 'zod';
import { requireOwner } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { AppError, badRequest, conflict, notFound } from '#core/http/route/errors.js';
import { notify } from '../../accounts/notifications/index.js';
import {
  acceptRequest,
  blockedEitherWay,
  blocksOf,
  deleteBlock,
  deleteFriendship,
  deletePair,
  deletePendingRequest,
  findFriendship,
  findFriendshipById,
  findUserCard,
  friendsOf,
  insertBlock,
  insertRequest,
  requestsOf,
  requestsWithTotal,
  searchPeople,
} from './friends.repo.js';
import { keysetPage, type CursorRule, type PageQuery } from '#core/http/route/pagination.js';
import type { Block, Friend, FriendRequest, UserCard } from './friends.schemas.js';

const card = (r: { id: number; name: string; avatar_url: string | null; city: string | null }): UserCard => ({
  id: r.id,
  name: r.name,
  avatar_url: r.avatar_url,
  city: r.city,
});

export async function searchUsers(ctx: AppContext, actor: Actor, q: string): Promise<{ items: UserCard[] }> {
  return { items: (await searchPeople(ctx.db, actor.id, q, 30)).map(card) };
}

/**
 * A friend request (decisions, Community): to oneself 400; to a missing or inactive account 404; blocked either way
 * 404 too (a block hides both sides, so it must not show through an error); a pending or accepted pair 409. A
 * private profile can still be asked by someone who knows it (it is only hidden from search). Pushes to the addressee.
 */
export async function sendRequest(ctx: AppContext, actor: Actor, userId: number): Promise<{ id: number; status: 'pending' }> {
  if (userId === actor.id) throw badRequest('Du kannst dir nicht selbst eine Anfrage schicken.', { user_id: 'Das bist du selbst.' });
  const other = await findUserCard(ctx.db, userId);
  if (!other || other.status !== 'active' || (await blockedEitherWay(ctx.db, actor.id, userId))) throw notFound('Diese Person gibt es nicht.');
  const row = await insertRequest(ctx.db, actor.id, userId, ctx.clock.now().toISOString());
  if (!row) {
    const existing = await findFriendship(ctx.db, actor.id, userId);
    throw conflict(
      existing?.status === 'accepted' ? 'Ihr seid schon befreundet.' : 'Zwischen euch gibt es schon eine offene Anfrage.',
      'friend_request_exists',
    );
  }
  await notify(ctx, userId, 'friend_request', {
    title: 'Neue Freundschaftsanfrage',
    body: `${actor.name} möchte mit dir befreundet sein.`,
    url: '/app/freunde',
    tag: `friend-request-${row.id}`,
  });
  return { id: row.id, status: 'pending' };
}

type RequestRow = Awaited<ReturnType<typeof requestsOf>>[number];
const shapeRequest = (r: RequestRow): FriendRequest => ({ id: r.request_id, status: r.status as 'pending', user: card(r), created_at: r.created_at });
const requestCursor: CursorRule<{ id: number }, RequestRow> = { schema: z.object({ id: z.number().int() }), of: (r) => ({ id: r.request_id }) };

/** One side's open requests, newest first, a page at a time (the friends screen). */
export function listRequestPage(ctx: AppContext, actor: Actor, side: 'incoming' | 'outgoing', query: PageQuery) {
  return keysetPage(query, requestCursor, (take, before) => requestsOf(ctx.db, actor.id, side, take, before?.id), shapeRequest);
}

/**
 * Both sides at once, the newest `limit` of each with each side's total: the overview and its badge (the badge
 * reads the total, so it asks for one row); the whole lists page through /incoming and /outgoing.
 */
export async function listRequests(ctx: AppContext, actor: Actor, limit: number) {
  const [incoming, outgoing] = await Promise.all([
    requestsWithTotal(ctx.db, actor.id, 'incoming', limit),
    requestsWithTotal(ctx.db, actor.id, 'outgoing', limit),
  ]);
  const total = (rows: { total: number | string }[]) => Number(rows[0]?.total ?? 0);
  return { incoming: incoming.map(shapeRequest), outgoing: outgoing.map(shapeRequest), incoming_total: total(incoming), outgoing_total: total(outgoing) };
}

const WORDING = { missing: 'Diese Anfrage gibt es nicht.', foreign: 'Diese Anfrage betrifft dich nicht.' };

/** Only the addressee accepts; a request that is no longer pending is 409. */
export async function accept(ctx: AppContext, actor: Actor, id: number): Promise<FriendRequest> {
  const found = await findFriendshipById(ctx.db, id);
  // The addressee owns the decision (a requester cannot accept their own request: 403).
  const row = requireOwner(actor, found && { ...found, user_id: found.addressee_id }, WORDING);
  if (!(await acceptRequest(ctx.db, id, ctx.clock.now().toISOString()))) throw conflict('Diese Anfrage ist nicht mehr offen.', 'not_pending');
  const other = (await findUserCard(ctx.db, row.requester_id))!;
  await notify(ctx, row.requester_id, 'friend_request', {
    title: 'Anfrage angenommen',
    body: `${actor.name} hat deine Anfrage angenommen.`,
    url: '/app/freunde',
    tag: `friend-accepted-${id}`,
  });
  return { id, status: 'accepted', user: card(other), created_at: row.created_at };
}

/** Decline (the addressee) or withdraw (the requester) a pending request. */
export async function dropRequest(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const found = await findFriendshipById(ctx.db, id);
  // Either side may end a pending request: the addressee declines, the requester withdraws.
  const row = requireOwner(actor, found && { ...found, user_id: found.requester_id === actor.id ? actor.id : found.addressee_id }, WORDING);
  if (row.status !== 'pending') throw conflict('Ihr seid schon befreundet – entfreunden geht über die Freundesliste.', 'not_pending');
  await deleteFriendship(ctx.db, id);
}

/**
 * The addressee declines a pending request; with `block` the sender is blocked in the same transaction (decisions,
 * wave 4: a stranger's request could be blocked only after accepting it). The delete is conditional on the request
 * still being pending, so a request accepted meanwhile is 409 and nothing is blocked.
 */
export async function declineRequest(ctx: AppContext, actor: Actor, id: number, alsoBlock: boolean): Promise<void> {
  const row = await ownIncomingRequest(ctx, actor, id);
  if (row.status !== 'pending') throw conflict('Ihr seid schon befreundet – entfreunden geht über die Freundesliste.', 'not_pending');
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await deletePendingRequest(trx, id))) throw conflict('Diese Anfrage ist nicht mehr offen.', 'not_pending');
    if (alsoBlock) await insertBlock(trx, actor.id, row.requester_id, ctx.clock.now().toISOString());
  });
}

/** A request addressed to the actor: missing 404; one the actor sent or is not part of 403 (only the addressee declines). */
export async function ownIncomingRequest(ctx: AppContext, actor: Actor, id: number) {
  const found = await findFriendshipById(ctx.db, id);
  return requireOwner(actor, found && { ...found, user_id: found.addressee_id }, WORDING);
}

type FriendRow = Awaited<ReturnType<typeof friendsOf>>[number];
const friendCursor: CursorRule<{ n: string; id: number }, FriendRow> = {
  schema: z.object({ n: z.string(), id: z.number().int() }),
  of: (row) => ({ n: row.name, id: row.id }),
};

/** The user's friends by name, one page at a time. */
export function listFriends(ctx: AppContext, actor: Actor, query: PageQuery) {
  return keysetPage(
    query,
    friendCursor,
    (take, after) => friendsOf(ctx.db, actor.id, take, after),
    (r): Friend => ({ user: card(r), since: r.accepted_at ?? '' }),
  );
}

export async function unfriend(ctx: AppContext, actor: Actor, userId: number): Promise<void> {
  const row = await findFriendship(ctx.db, actor.id, userId);
  if (!row || row.status !== 'accepted') throw notFound('Ihr seid nicht befreundet.');
  await deletePair(ctx.db, actor.id, userId);
}

/** A block ends any friendship or request between the two and hides both sides from each other. */
export async function block(ctx: AppContext, actor: Actor, userId: number): Promise<void> {
  if (userId === actor.id) throw badRequest('Du kannst dich nicht selbst blockieren.');
  if (!(await findUserCard(ctx.db, userId))) throw notFound('Diese Person gibt es nicht.');
  await ctx.db.transaction().execute(async (trx) => {
    await insertBlock(trx, actor.id, userId, ctx.clock.now().toISOString());
    await deletePair(trx, actor.id, userId);
  });
}

type BlockRow = Awaited<ReturnType<typeof blocksOf>>[number];
const blockCursor: CursorRule<{ t: string; id: number }, BlockRow> = {
  schema: z.object({ t: z.string(), id: z.number().int() }),
  of: (row) => ({ t: row.blocked_at, id: row.id }),
};

/** Whom the user blocked, newest first, so that a block can be seen and lifted. */
export function listBlocks(ctx: AppContext, actor: Actor, query: PageQuery) {
  return keysetPage(
    query,
    blockCursor,
    (take, after) => blocksOf(ctx.db, actor.id, take, after),
    (row): Block => ({ user: card(row), blocked_at: row.blocked_at }),
  );
}

export async function unblock(ctx: AppContext, actor: Actor, userId: number): Promise<void> {
  if (!(await deleteBlock(ctx.db, actor.id, userId))) throw new AppError(404, 'not_found', 'Du hast diese Person nicht blockiert.');
}

/**
 * For other areas (messages): the other person must be an accepted friend (403), and exist (404). The friendship
 * is looked up first: it is the one query a chat poll needs (a friend's row implies the account exists).
 */
export async function requireFriend(ctx: AppContext, actor: Actor, userId: number): Promise<void> {
  const row = await findFriendship(ctx.db, actor.id, userId);
  if (row?.status === 'accepted') return;
  if (!(await findUserCard(ctx.db, userId))) throw notFound('Diese Person gibt es nicht.');
  throw new AppError(403, 'not_friends', 'Nachrichten gehen nur zwischen Freundinnen und Freunden.');
}
