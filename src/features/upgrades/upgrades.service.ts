import type { Request } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../core/context.js';
import { conflict, forbidden, notFound, unauthorized } from '../../core/http/errors.js';
import { decodeCursor, toPage } from '../../core/http/pagination.js';
import { closeRequest, countOpen, findRequest, hasOpenRequest, insertRequest, listForAdmin, listOwnRequests, setTier } from './upgrades.repo.js';
import { isPremiumTier, type CreateUpgradeRequestBody, type UpgradeRequest } from './upgrades.schemas.js';

const IdCursor = z.object({ id: z.number().int() });
const TIER_NAMES: Record<string, string> = { pro: 'Pro', breeder: 'Züchter', breeder_test: 'Züchter (Test)' };
const notOpen = () => conflict('Diese Anfrage ist schon abgeschlossen.', 'request_closed');

export async function submitRequest(ctx: AppContext, req: Request, body: CreateUpgradeRequestBody): Promise<UpgradeRequest> {
  const user = req.user;
  if (!user) throw unauthorized();
  if (user.subscription_tier === body.tier) throw conflict('Diesen Tarif hast du schon.', 'already_on_tier');
  // The partial unique index (one open request per user) answers a race with 409 as well.
  if (await hasOpenRequest(ctx.db, user.id)) throw conflict('Du hast schon eine offene Anfrage. Wir melden uns bald!', 'request_open');
  return insertRequest(ctx.db, { user_id: user.id, tier: body.tier, message: body.message || null, now: ctx.clock.now().toISOString() });
}

export async function ownRequests(ctx: AppContext, userId: number, query: { limit: number; cursor?: string | undefined }) {
  const before = decodeCursor(query.cursor, IdCursor);
  const rows = await listOwnRequests(ctx.db, userId, query.limit + 1, before?.id);
  return toPage(rows, query.limit, (r) => ({ id: r.id }), (r) => r);
}

/** open → withdrawn, by the user who asked. */
export async function withdrawRequest(ctx: AppContext, req: Request, id: number): Promise<UpgradeRequest> {
  if (!req.user) throw unauthorized();
  const request = await findRequest(ctx.db, id);
  if (!request) throw notFound('Diese Anfrage gibt es nicht.');
  if (request.user_id !== req.user.id) throw forbidden('Das ist nicht deine Anfrage.');
  const closed = await closeRequest(ctx.db, id, { status: 'withdrawn', now: ctx.clock.now().toISOString() });
  if (!closed) throw notOpen();
  return closed;
}

export async function adminList(ctx: AppContext, query: { status?: string | undefined; limit: number; cursor?: string | undefined }) {
  const before = decodeCursor(query.cursor, IdCursor);
  const rows = await listForAdmin(ctx.db, { status: query.status, limit: query.limit + 1, beforeId: before?.id });
  return toPage(rows, query.limit, (r) => ({ id: r.id }), (r) => r);
}

export const openCount = async (ctx: AppContext) => ({ open: await countOpen(ctx.db) });

/** open → fulfilled: sets subscription_tier and is_premium (1 exactly for pro and breeder) in one transaction. */
export async function fulfilRequest(ctx: AppContext, adminId: number, id: number, tier: string): Promise<UpgradeRequest> {
  const now = ctx.clock.now().toISOString();
  const closed = await ctx.db.transaction().execute(async (trx) => {
    const done = await closeRequest(trx, id, { status: 'fulfilled', granted_tier: tier, decided_by: adminId, now });
    if (!done) return undefined;
    await setTier(trx, done.user_id, tier, isPremiumTier(tier), now);
    return done;
  });
  if (!closed) throw (await findRequest(ctx.db, id)) ? notOpen() : notFound('Diese Anfrage gibt es nicht.');
  await notifyUser(ctx, closed.user_id, 'Dein Upgrade ist aktiv', `Dein Tarif „${TIER_NAMES[tier] ?? tier}“ ist ab sofort freigeschaltet. Viel Spaß damit!`);
  return closed;
}

/** open → rejected; the user's tier stays as it is. */
export async function rejectRequest(ctx: AppContext, adminId: number, id: number, reason: string | undefined): Promise<UpgradeRequest> {
  const closed = await closeRequest(ctx.db, id, { status: 'rejected', reason: reason || null, decided_by: adminId, now: ctx.clock.now().toISOString() });
  if (!closed) throw (await findRequest(ctx.db, id)) ? notOpen() : notFound('Diese Anfrage gibt es nicht.');
  const why = reason ? `\n\nBegründung: ${reason}` : '';
  await notifyUser(ctx, closed.user_id, 'Deine Upgrade-Anfrage', `Wir konnten deine Upgrade-Anfrage leider nicht annehmen.${why}\n\nBei Fragen antworte einfach auf diese Mail.`);
  return closed;
}

/** After the commit: the outbox queues the mail and retries it, so a dead mail server never fails the request. */
async function notifyUser(ctx: AppContext, userId: number, subject: string, text: string): Promise<void> {
  const user = await ctx.db.selectFrom('users').select(['email', 'name']).where('id', '=', userId).executeTakeFirst();
  if (!user) return;
  await ctx.mail.enqueue({ to: user.email, subject: `${ctx.config.appName}: ${subject}`, text: `Hallo ${user.name},\n\n${text}\n\nDein ${ctx.config.appName}-Team` });
}
