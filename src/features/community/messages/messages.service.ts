import { requireVerifiedEmail } from '#core/auth/guards.js';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { requireFriend, type UserCard } from '../friends/index.js';
import { z } from 'zod';
import { notify } from '../../accounts/notifications/index.js';
import {
  conversationHeads,
  hasEarlierUnread,
  insertMessage,
  markRead,
  messagesAfter,
  messagesBefore,
  messagesByIds,
  partnerWithFriendship,
  unreadFromFriends,
} from './messages.repo.js';
import type { Conversation, Message, MessageList, MessagesQuery } from './messages.schemas.js';
import { byId, keysetPage, type CursorRule, type Page, type PageQuery } from '#core/http/route/pagination.js';

const POLL_MAX = 200;

/**
 * Polling: with `after` only what is new (usually nothing: an empty list), at most 200, and no cursor: the next poll
 * asks after the last id it got, so a longer backlog arrives over a few polls. Without `after`, the newest page; its
 * `next_cursor` leads to the older messages (scrolling up). Every page is oldest first.
 */
export async function conversation(ctx: AppContext, actor: Actor, userId: number, query: MessagesQuery): Promise<MessageList> {
  const partner = await requireFriendCard(ctx, actor, userId);
  if (query.after !== undefined) return { items: await messagesAfter(ctx.db, actor.id, userId, query.after, POLL_MAX), next_cursor: null, partner };
  const page = await keysetPage(query, byId<Message>(), (take, before) => messagesBefore(ctx.db, actor.id, userId, before?.id, take));
  return { items: page.items.reverse(), next_cursor: page.next_cursor, partner };
}

/**
 * friends' `requireFriend` (404 for nobody, 403 for a non-friend, the same errors) and the friend's card, read in one
 * statement: the page names its partner, and a chat with a friend beyond any list's first page still has a heading.
 */
async function requireFriendCard(ctx: AppContext, actor: Actor, userId: number): Promise<UserCard> {
  const found = await partnerWithFriendship(ctx.db, actor.id, userId);
  if (found?.friends) return found.card;
  // Not friends (or nobody): friends' own rule decides and throws its error. Should that rule ever let this pair
  // through, the card read above is still the right one.
  await requireFriend(ctx, actor, userId);
  if (found) return found.card;
  throw new Error('requireFriend let a person who does not exist through');
}

/**
 * Sends a message to a friend (403 otherwise; 403 email_not_verified before the address is confirmed). The push
 * goes out for the first unread message of a burst: the recipient is told once, not for every line of a chat.
 */
/** Who may write to whom: with a confirmed email address, to a friend (403); to a person who exists (404). */
export async function requireMessaging(ctx: AppContext, actor: Actor, userId: number): Promise<void> {
  requireVerifiedEmail(actor);
  await requireFriend(ctx, actor, userId);
}

export async function send(ctx: AppContext, actor: Actor, userId: number, text: string): Promise<Message> {
  await requireMessaging(ctx, actor, userId);
  const message = await insertMessage(ctx.db, actor.id, userId, text, ctx.clock.now().toISOString());
  if (!(await hasEarlierUnread(ctx.db, actor.id, userId, message.id))) {
    await notify(ctx, userId, 'message', {
      title: `Nachricht von ${actor.name}`,
      body: text.length > 120 ? `${text.slice(0, 119)}…` : text,
      url: `/app/nachrichten/${actor.id}`,
      tag: `chat-${actor.id}`,
    });
  }
  return message;
}

export async function markConversationRead(ctx: AppContext, actor: Actor, userId: number): Promise<{ marked: number }> {
  await requireFriend(ctx, actor, userId);
  return { marked: await markRead(ctx.db, actor.id, userId, ctx.clock.now().toISOString()) };
}

type Head = Awaited<ReturnType<typeof conversationHeads>>[number];
const headCursor: CursorRule<{ id: number }, Head> = { schema: z.object({ id: z.number().int() }), of: (h) => ({ id: h.last_id }) };

/**
 * One entry per friend with messages, newest first, a page at a time: the last message and the unread count.
 * `unread_total` counts every conversation, not only this page's (it feeds the badge).
 */
export async function conversations(ctx: AppContext, actor: Actor, query: PageQuery): Promise<Page<Conversation> & { unread_total: number }> {
  const [page, unreadTotal] = await Promise.all([
    keysetPage(query, headCursor, (take, before) => conversationHeads(ctx.db, actor.id, take, before?.id)),
    unreadFromFriends(ctx.db, actor.id),
  ]);
  const lastMessages = await messagesByIds(
    ctx.db,
    page.items.map((h) => h.last_id),
  );
  const last = new Map(lastMessages.map((m) => [m.id, m]));
  const items = page.items.map((h) => ({ user: h.user, last_message: last.get(h.last_id)!, unread: h.unread }));
  return { items, next_cursor: page.next_cursor, unread_total: unreadTotal };
}
