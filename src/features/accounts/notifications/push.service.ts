import { requireOwner, type Wording } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { badRequest, serviceUnavailable } from '#core/http/route/errors.js';
import { deleteSubscription, findSubscriptionByEndpoint, upsertSubscription } from '#core/push/index.js';
import type { PushSubscription, PushSubscriptionBody, UnsubscribeBody } from './notifications.schemas.js';

const WORDING: Wording = { missing: 'Dieses Gerät ist nicht für Pushes angemeldet.', foreign: 'Dieses Gerät gehört zu einem anderen Konto.' };

const NOT_HTTPS = 'Push-Adressen müssen mit https:// bei einem Push-Dienst beginnen.';
const NOT_PUBLIC = 'Diese Push-Adresse führt nicht zu einem öffentlichen Push-Dienst.';
const NOT_FOUND = 'Den Push-Dienst dieser Adresse finden wir nicht.';

/**
 * The server POSTs to whatever endpoint a user sends, so only real push services pass: https:, and a host whose
 * every address is public (core/upstream/address-guard.ts; checked again before each push, since DNS can change).
 * `PUSH_ALLOW_HTTP=1` (tests, development; refused in production) allows http: and loopback addresses, nothing else.
 */
async function assertPushEndpoint(ctx: AppContext, endpoint: string): Promise<void> {
  if (new URL(endpoint).protocol !== 'https:' && !ctx.config.push.allowHttp) throw badRequest(NOT_HTTPS, { endpoint: NOT_HTTPS });
  const verdict = await ctx.push.checkEndpoint(endpoint);
  if (verdict.ok) return;
  ctx.log.info({ host: verdict.hostname, problem: verdict.problem, detail: verdict.detail }, 'push endpoint refused');
  if (verdict.problem !== 'unresolved') throw badRequest(NOT_PUBLIC, { endpoint: NOT_PUBLIC });
  // A name that does not exist is the sender's mistake; a resolver that does not answer is ours, for now.
  if (verdict.detail === 'ENOTFOUND' || verdict.detail === 'ENODATA' || verdict.detail === 'no address') throw badRequest(NOT_FOUND, { endpoint: NOT_FOUND });
  throw serviceUnavailable('Wir erreichen den Push-Dienst gerade nicht. Versuch es bitte gleich noch einmal.');
}

export async function subscribe(ctx: AppContext, actor: Actor, body: PushSubscriptionBody): Promise<PushSubscription> {
  await assertPushEndpoint(ctx, body.endpoint);
  const row = await upsertSubscription(ctx.db, {
    userId: actor.id,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    now: ctx.clock.now().toISOString(),
  });
  return { id: row.id, endpoint: row.endpoint, created_at: row.created_at };
}

export async function unsubscribe(ctx: AppContext, actor: Actor, body: UnsubscribeBody): Promise<void> {
  const row = requireOwner(actor, await findSubscriptionByEndpoint(ctx.db, body.endpoint), WORDING);
  await deleteSubscription(ctx.db, row.id);
}
