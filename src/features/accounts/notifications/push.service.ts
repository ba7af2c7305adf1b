import { isIP } from 'node:net';
import { requireOwner, type Wording } from '../../../core/auth/ownership.js';
import type { Actor } from '../../../core/auth/session-user.js';
import type { AppContext } from '../../../core/context.js';
import { badRequest } from '../../../core/http/errors.js';
import { deleteSubscription, findSubscriptionByEndpoint, upsertSubscription } from '../../../core/push/index.js';
import type { PushSubscription, PushSubscriptionBody, UnsubscribeBody } from './notifications.schemas.js';

const WORDING: Wording = { missing: 'Dieses Gerät ist nicht für Pushes angemeldet.', foreign: 'Dieses Gerät gehört zu einem anderen Konto.' };

/**
 * The server POSTs to whatever endpoint a user sends, so only real push services pass: https: on a public host
 * name (no IP literal, no localhost or internal names). `PUSH_ALLOW_HTTP=1` (tests, development) lifts both.
 * A host name that resolves to an internal address is not caught here; redirects to other hosts are refused by
 * the HTTP client.
 */
function assertPushEndpoint(ctx: AppContext, endpoint: string): void {
  if (ctx.config.push.allowHttp) return;
  const url = new URL(endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const internal = isIP(host) !== 0 || host === 'localhost' || /\.(localhost|local|internal|lan|home\.arpa)$/i.test(host) || !host.includes('.');
  if (url.protocol !== 'https:' || internal) {
    const message = 'Push-Adressen müssen mit https:// bei einem Push-Dienst beginnen.';
    throw badRequest(message, { endpoint: message });
  }
}

export async function subscribe(ctx: AppContext, actor: Actor, body: PushSubscriptionBody): Promise<PushSubscription> {
  assertPushEndpoint(ctx, body.endpoint);
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
