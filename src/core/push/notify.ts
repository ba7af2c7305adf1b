import type { AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import { queueDeliveryRows } from './deliveries.repo.js';
import { insertInboxRows } from './inbox.repo.js';
import { KIND_DELIVERY, type NotificationKind } from './kinds.js';
import { isAppPath, pushPayload, topicOf, type NotifyMessage } from './payload.js';
import { quietUntil } from './quiet-hours.js';
import { DEFAULT_SETTINGS, findPreferencesOfUsers } from './settings.repo.js';
import { subscriptionIdsOfUsers } from './subscriptions.repo.js';

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

/** One person to tell, with the key that makes it once per occasion (see NotifyOptions). */
export interface NotifyRecipient {
  userId: number;
  dedupeKey?: string | undefined;
}

/** Recipients per transaction: a few statements for each 500 people, however many a warning reaches. */
const RECIPIENTS_PER_BATCH = 500;

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
  const results = await notifyMany(ctx, [{ userId, dedupeKey: options.dedupeKey }], kind, message);
  return results.get(userId) ?? null;
}

/**
 * `notify` for many people at once (everybody near a warning, every moderator): the same rules per person, in a
 * fixed number of statements per 500 people instead of six per person. Each person counts once (the first entry
 * of a user id). Answers the result per user told; users whose dedupe key was used already are not in the map.
 */
export async function notifyMany(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'push'>,
  recipients: readonly NotifyRecipient[],
  kind: NotificationKind,
  message: NotifyMessage,
): Promise<Map<number, NotifyResult>> {
  if (!isAppPath(message.url)) throw new Error(`notify: url must be a path inside the app, got "${message.url}"`);
  const unique = new Map<number, NotifyRecipient>();
  for (const r of recipients) if (!unique.has(r.userId)) unique.set(r.userId, r);
  const all = [...unique.values()];
  const delivery = KIND_DELIVERY[kind];
  const results = new Map<number, NotifyResult>();
  for (let i = 0; i < all.length; i += RECIPIENTS_PER_BATCH) {
    // A job notifying thousands must leave requests room between its (synchronous, on SQLite) writes.
    await new Promise((resolve) => setImmediate(resolve));
    const batch = all.slice(i, i + RECIPIENTS_PER_BATCH);
    const now = ctx.clock.now();
    const prefs = await findPreferencesOfUsers(
      ctx.db,
      batch.map((r) => r.userId),
    );
    const plan = batch.map((r) => {
      const p = prefs.get(r.userId) ?? DEFAULT_SETTINGS;
      const pushOn = !p.muted.has(kind);
      const held = pushOn && !delivery.safety ? quietUntil(p.quiet, now, ctx.config.timeZone) : null;
      return { ...r, pushOn, held };
    });
    await ctx.db.transaction().execute(async (trx: Db) => {
      const ids = await insertInboxRows(
        trx,
        plan.map((r) => ({
          userId: r.userId,
          type: kind,
          title: message.title,
          body: message.body,
          url: message.url,
          dedupeKey: r.dedupeKey,
          now: now.toISOString(),
        })),
      );
      const devices = await subscriptionIdsOfUsers(
        trx,
        plan.filter((r) => r.pushOn && ids.has(r.userId)).map((r) => r.userId),
      );
      const deliveries = [];
      for (const r of plan) {
        const notificationId = ids.get(r.userId);
        if (notificationId === undefined) continue;
        const subscriptions = r.pushOn ? (devices.get(r.userId) ?? []) : [];
        const tag = message.tag ?? `${kind}-${notificationId}`;
        const dueAt = r.held ?? now;
        for (const subscriptionId of subscriptions)
          deliveries.push({
            subscriptionId,
            notificationId,
            payload: pushPayload({ ...message, tag }, tag),
            ttlSeconds: delivery.ttlSeconds,
            urgency: delivery.urgency,
            topic: topicOf(tag),
            dueAt: dueAt.toISOString(),
            expiresAt: new Date(dueAt.getTime() + delivery.ttlSeconds * 1000).toISOString(),
            now: now.toISOString(),
          });
        results.set(r.userId, { notificationId, pushes: subscriptions.length, heldUntil: r.held ? r.held.toISOString() : null });
      }
      await queueDeliveryRows(trx, deliveries);
    });
  }
  if ([...results.values()].some((r) => r.pushes > 0 && !r.heldUntil)) ctx.push.kick();
  return results;
}
