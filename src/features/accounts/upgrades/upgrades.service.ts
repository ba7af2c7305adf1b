import { requireOwner, type Wording } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { conflict, notFound } from '#core/http/route/errors.js';
import { byId, keysetPage, type Page, type PageQuery } from '#core/http/route/pagination.js';
import { findUserContact, setUserTier } from '../accounts/index.js';
import { notifyStaff } from '../notifications/index.js';
import { closeRequest, countOpen, findRequest, hasOpenRequest, insertRequest, listForAdmin, listOwnRequests } from './upgrades.repo.js';
import { isPremiumTier, type AdminUpgradeListQuery, type AdminUpgradeRequest, type CreateUpgradeRequestBody, type UpgradeRequest } from './upgrades.schemas.js';

const REQUEST_WORDING: Wording = { missing: 'Diese Anfrage gibt es nicht.', foreign: 'Das ist nicht deine Anfrage.' };
const TIER_NAMES: Record<string, string> = { pro: 'Pro', breeder: 'Züchter', breeder_test: 'Züchter (Test)' };
const notOpen = () => conflict('Diese Anfrage ist schon abgeschlossen.', 'request_closed');

export async function submitRequest(ctx: AppContext, actor: Actor, body: CreateUpgradeRequestBody): Promise<UpgradeRequest> {
  if (actor.subscription_tier === body.tier) throw conflict('Diesen Tarif hast du schon.', 'already_on_tier');
  // The partial unique index (one open request per user) answers a race with 409 as well.
  if (await hasOpenRequest(ctx.db, actor.id)) throw conflict('Du hast schon eine offene Anfrage. Wir melden uns bald!', 'request_open');
  const request = await insertRequest(ctx.db, { user_id: actor.id, tier: body.tier, message: body.message || null, now: ctx.clock.now().toISOString() });
  await notifyStaff(
    ctx,
    ['admin'],
    {
      title: `Upgrade-Anfrage: ${TIER_NAMES[body.tier] ?? body.tier}`,
      body: `${actor.name} möchte ${TIER_NAMES[body.tier] ?? body.tier}.`,
      url: '/app/admin/upgrades',
      tag: 'moderation-upgrade',
    },
    `upgrade_request:${request.id}`,
  );
  return request;
}

/** Newest first. */
export async function ownRequests(ctx: AppContext, actor: Actor, query: PageQuery): Promise<Page<UpgradeRequest>> {
  return keysetPage(query, byId<UpgradeRequest>(), (take, after) => listOwnRequests(ctx.db, actor.id, take, after?.id));
}

/** open → withdrawn, by the user who asked. */
export async function withdrawRequest(ctx: AppContext, actor: Actor, id: number): Promise<UpgradeRequest> {
  requireOwner(actor, await findRequest(ctx.db, id), REQUEST_WORDING);
  const closed = await closeRequest(ctx.db, id, { status: 'withdrawn', now: ctx.clock.now().toISOString() });
  if (!closed) throw notOpen();
  return closed;
}

/** Newest first, optionally one status. */
export async function adminList(ctx: AppContext, query: AdminUpgradeListQuery): Promise<Page<AdminUpgradeRequest>> {
  return keysetPage(query, byId<AdminUpgradeRequest>(), (take, after) => listForAdmin(ctx.db, { status: query.status, limit: take, beforeId: after?.id }));
}

export const openCount = async (ctx: AppContext) => ({ open: await countOpen(ctx.db) });

/** open → fulfilled: sets subscription_tier and is_premium (1 exactly for pro and breeder) in one transaction. */
export async function fulfilRequest(ctx: AppContext, actor: Actor, id: number, tier: string): Promise<UpgradeRequest> {
  const now = ctx.clock.now().toISOString();
  const closed = await ctx.db.transaction().execute(async (trx) => {
    const done = await closeRequest(trx, id, { status: 'fulfilled', granted_tier: tier, decided_by: actor.id, now });
    if (!done) return undefined;
    await setUserTier(trx, done.user_id, tier, isPremiumTier(tier), now);
    return done;
  });
  if (!closed) throw (await findRequest(ctx.db, id)) ? notOpen() : notFound(REQUEST_WORDING.missing);
  await notifyUser(ctx, closed.user_id, 'Dein Upgrade ist aktiv', `Dein Tarif „${TIER_NAMES[tier] ?? tier}“ ist ab sofort freigeschaltet. Viel Spaß damit!`);
  return closed;
}

/** open → rejected; the user's tier stays as it is. */
export async function rejectRequest(ctx: AppContext, actor: Actor, id: number, reason: string | undefined): Promise<UpgradeRequest> {
  const closed = await closeRequest(ctx.db, id, { status: 'rejected', reason: reason || null, decided_by: actor.id, now: ctx.clock.now().toISOString() });
  if (!closed) throw (await findRequest(ctx.db, id)) ? notOpen() : notFound(REQUEST_WORDING.missing);
  const why = reason ? `\n\nBegründung: ${reason}` : '';
  await notifyUser(
    ctx,
    closed.user_id,
    'Deine Upgrade-Anfrage',
    `Wir konnten deine Upgrade-Anfrage leider nicht annehmen.${why}\n\nBei Fragen antworte einfach auf diese Mail.`,
  );
  return closed;
}

/** After the commit: the outbox queues the mail and retries it, so a dead mail server never fails the request. */
async function notifyUser(ctx: AppContext, userId: number, subject: string, text: string): Promise<void> {
  const user = await findUserContact(ctx.db, userId);
  if (!user) return;
  await ctx.mail.enqueue({
    to: user.email,
    subject: `${ctx.config.appName}: ${subject}`,
    text: `Hallo ${user.name},\n\n${text}\n\nDein ${ctx.config.appName}-Team`,
  });
}
