import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { notFound } from '#core/http/route/errors.js';
import { findUserById } from '../accounts/index.js';
import type { CalendarFeed } from './calendar-feed.schemas.js';
import { deleteFeed, findFeedByHash, findFeedOfUser, insertFeedIfNone, replaceFeed, type FeedRow } from './calendar-feed.repo.js';
import { feedEntries } from './feed-entries.js';
import { renderFeed } from './feed-ics.js';

/*
 * The feed's address is its own password (whoever has it reads the dates), so the token is kept nowhere: the row
 * holds its SHA-256, to find the feed, and a random seed. The token is an HMAC of user and seed under a key derived
 * from JWT_SECRET, so the profile can show the same address again without storing it, and a copy of the database
 * alone opens no feed. A new JWT_SECRET ends every address, as it ends every session.
 */

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const keyOf = (ctx: AppContext) => createHmac('sha256', ctx.config.auth.jwtSecret).update('pfotenbuch calendar-feed v1').digest();
const tokenOf = (ctx: AppContext, row: Pick<FeedRow, 'user_id' | 'seed'>) =>
  createHmac('sha256', keyOf(ctx)).update(`${row.user_id}.${row.seed}`).digest('base64url');

/** 32 bytes of HMAC in base64url: what a feed address carries. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const NO_FEED = 'Du hast gerade keinen Kalender-Feed.';

function newRow(ctx: AppContext, userId: number): FeedRow {
  const seed = randomBytes(32).toString('base64url');
  return { user_id: userId, seed, token_hash: sha256(tokenOf(ctx, { user_id: userId, seed })), created_at: ctx.clock.now().toISOString() };
}

/** The address of a row, or null when the row was made under another key (JWT_SECRET changed): that one is dead. */
function viewOf(ctx: AppContext, row: FeedRow): CalendarFeed | null {
  const token = tokenOf(ctx, row);
  if (sha256(token) !== row.token_hash) return null;
  return { url: `${ctx.config.publicUrl}/kalender/${token}.ics`, created_at: row.created_at };
}

export async function feedStatus(ctx: AppContext, actor: Actor): Promise<{ feed: CalendarFeed | null }> {
  const row = await findFeedOfUser(ctx.db, actor.id);
  return { feed: row ? viewOf(ctx, row) : null };
}

/** Switches the feed on, or shows the address it already has (a second tap, another device): never a new one. */
export async function subscribe(ctx: AppContext, actor: Actor): Promise<CalendarFeed> {
  const existing = await findFeedOfUser(ctx.db, actor.id);
  const shown = existing && viewOf(ctx, existing);
  if (shown) return shown;
  if (existing) await replaceFeed(ctx.db, newRow(ctx, actor.id));
  else await insertFeedIfNone(ctx.db, newRow(ctx, actor.id));
  // Read back: of two racing first taps, both answer the row that was stored.
  const row = await findFeedOfUser(ctx.db, actor.id);
  const view = row && viewOf(ctx, row);
  if (!view) throw new Error('calendar feed: the stored row gives no address');
  return view;
}

/** A new address; the old one answers 404 from now on (calendar apps subscribed to it stop getting dates). */
export async function rotateFeed(ctx: AppContext, actor: Actor): Promise<CalendarFeed> {
  const row = newRow(ctx, actor.id);
  if (!(await replaceFeed(ctx.db, row))) throw notFound(NO_FEED);
  return viewOf(ctx, row)!;
}

export async function revokeFeed(ctx: AppContext, actor: Actor): Promise<void> {
  if (!(await deleteFeed(ctx.db, actor.id))) throw notFound(NO_FEED);
}

/** The feed of an address as iCalendar text; an unknown, revoked, rotated or malformed token is a plain 404. */
export async function feedOfToken(ctx: AppContext, token: string): Promise<string> {
  const row = TOKEN_SHAPE.test(token) ? await findFeedByHash(ctx.db, sha256(token)) : undefined;
  // The hash found the row; the derivation must agree too, or the row is from an old key.
  const valid = row && timingSafeEqual(Buffer.from(tokenOf(ctx, row)), Buffer.from(token));
  // A suspended or banned account's feed is silent like its sessions; it speaks again when the account does.
  const user = valid ? await findUserById(ctx.db, row.user_id) : undefined;
  if (!row || user?.status !== 'active') throw notFound('Diesen Kalender gibt es nicht (mehr).');
  return renderFeed(ctx, await feedEntries(ctx, row.user_id));
}
