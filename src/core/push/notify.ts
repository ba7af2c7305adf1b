import type { AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import { queueDeliveries } from './deliveries.repo.js';
import { insertInboxRow } from './inbox.repo.js';
import { KIND_DELIVERY, type NotificationKind } from './kinds.js';
import { isAppPath, pushPayload, topicOf, type NotifyMessage } from './payload.js';
import { quietUntil } from './quiet-hours.js';
import { findPreferences } from './settings.repo.js';
import { subscriptionIdsOf } from './subscriptions.repo.js';

export interface NotifyOptions {
  /** Jobs pass a key naming the occasion (e.g. anniversary:<dogId>:<day>): a second notify with it does nothing. */
  dedupeKey?: string;
}

export interface NotifyResult {
  notificationId: number;
  /** Pushes queued (one per device), 0 when the kind is switched off or the user has no device. */
  pushes: number;
  /** Set when quiet hours hold the pushes: when they go out. */
  heldUntil: string | null;
}

/**
 * THE way any area tells a user something (spec: Events). Writes the in-app notification and queues one push per
 * device of the user, in one short transaction of its own; the pushes are sent after the commit, beside the caller
 * (`ctx.push.kick()`), never inside its request. Call it after your own transaction has committed.
 *
 * - A kind the user switched off gets the in-app row only.
 * - Inside the user's quiet hours the pushes wait until the window ends; the in-app row is written at once.
 *   Safety alerts (poison bait, lost dogs nearby) never wait.
 * - With `dedupeKey`, a second call for the same occasion returns null and sends nothing.
 */
export async function notify(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'push'>,
  userId: number,
  kind: NotificationKind,
  message: NotifyMessage,
  options: NotifyOptions = {},
): Promise<NotifyResult | null> {
  if (!isAppPath(message.url)) throw new Error(`notify: url must be a path inside the app, got "${message.url}"`);
  // A job notifying thousands in a loop must leave requests room between its (synchronous, on SQLite) writes.
  await new Promise((resolve) => setImmediate(resolve));
  const now = ctx.clock.now();
  const prefs = await findPreferences(ctx.db, userId);
  const pushOn = !prefs.muted.has(kind);
  const delivery = KIND_DELIVERY[kind];
  const held = pushOn && !delivery.safety ? quietUntil(prefs.quiet, now, ctx.config.timeZone) : null;
  const dueAt = held ?? now;
  const result = await ctx.db.transaction().execute(async (trx: Db) => {
    const notificationId = await insertInboxRow(trx, {
      userId,
      type: kind,
      title: message.title,
      body: message.body,
      url: message.url,
      dedupeKey: options.dedupeKey,
      now: now.toISOString(),
    });
    if (notificationId === undefined) return null;
    let pushes = 0;
    if (pushOn) {
      const subscriptions = await subscriptionIdsOf(trx, userId);
      const tag = message.tag ?? `${kind}-${notificationId}`;
      pushes = await queueDeliveries(
        trx,
        subscriptions.map((s) => s.id),
        {
          notificationId,
          payload: pushPayload({ ...message, tag }, tag),
          ttlSeconds: delivery.ttlSeconds,
          urgency: delivery.urgency,
          topic: topicOf(tag),
          dueAt: dueAt.toISOString(),
          expiresAt: new Date(dueAt.getTime() + delivery.ttlSeconds * 1000).toISOString(),
          now: now.toISOString(),
        },
      );
    }
    return { notificationId, pushes, heldUntil: held ? held.toISOString() : null };
  });
  if (result && result.pushes > 0 && !result.heldUntil) ctx.push.kick();
  return result;
}
