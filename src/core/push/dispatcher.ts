import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import type { Logger } from '../logger.js';
import { claimDueDeliveries, deleteDeliveries, rescheduleDelivery, type ClaimedDelivery } from './deliveries.repo.js';
import type { Urgency } from './kinds.js';
import { WebPushSender, type PushOutcome } from './sender.js';
import { deleteSubscriptions, subscriptionsByIds } from './subscriptions.repo.js';

const BATCH = 200;
/** Pushes in flight at once: enough to keep a fan-out fast, few enough that requests beside it stay quick. */
const CONCURRENCY = 24;
/** A claimed row is left alone this long; a sender that dies mid-batch leaves it to be retried after. */
const CLAIM_MS = 5 * 60_000;
const MAX_ATTEMPTS = 8;
/** How long a kick waits for more notifications to batch with. */
const KICK_DELAY_MS = 50;

/** 30 s, 2 min, 8 min, 32 min, then hourly, ±10 % so a recovering push service is not hit in step. */
function backoffMs(attempts: number): number {
  const base = Math.min(30_000 * 4 ** (attempts - 1), 3_600_000);
  return Math.round(base * (0.9 + Math.random() * 0.2));
}

export interface PushDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  config: Pick<Config, 'push' | 'upstream'>;
}

/**
 * Sends the push queue (push_deliveries). `kick()` is what `notify` calls after its commit: the sending runs
 * beside the request that caused it, never inside it. The `push.send-due` job calls `drain()` every minute
 * for retries, pushes held through quiet hours, and anything a crashed instance left claimed.
 * One loop runs per process; a kick during a loop makes it look again before it stops.
 */
export class PushDispatcher {
  readonly sender: WebPushSender;
  #loop: Promise<number> | null = null;
  #again = false;

  constructor(private readonly deps: PushDeps) {
    this.sender = new WebPushSender(deps, deps.config.push.timeoutMs);
  }

  #pending: NodeJS.Timeout | null = null;

  /**
   * Starts sending what is due soon, without waiting for it. Kicks within KICK_DELAY_MS make one claim: a job that
   * notifies a thousand users in a loop costs a few batched claims, not a thousand small transactions.
   */
  kick(): void {
    if (this.#loop) {
      this.#again = true;
      return;
    }
    if (this.#pending) return;
    this.#pending = setTimeout(() => {
      this.#pending = null;
      if (this.#loop) this.#again = true;
      else void this.#start().catch(() => 0);
    }, KICK_DELAY_MS);
  }

  #start(): Promise<number> {
    const loop = this.#run().finally(() => {
      if (this.#loop === loop) this.#loop = null;
    });
    loop.catch((err: unknown) => this.deps.log.error({ err }, 'push dispatch failed'));
    this.#loop = loop;
    return loop;
  }

  /** Sends everything due now (after any loop already running); returns how many pushes were delivered. */
  async drain(): Promise<number> {
    if (this.#loop) await this.#loop.catch(() => 0);
    return this.#start();
  }

  /** Resolves once no kick waits and no loop runs (tests and the benchmark wait for the fan-out with it). */
  async settled(): Promise<void> {
    while (this.#loop || this.#pending) {
      if (this.#loop) await this.#loop.catch(() => 0);
      else await new Promise((r) => setTimeout(r, KICK_DELAY_MS));
    }
  }

  async #run(): Promise<number> {
    let sent = 0;
    for (;;) {
      this.#again = false;
      const now = this.deps.clock.now();
      const batch = await claimDueDeliveries(this.deps.db, now.toISOString(), new Date(now.getTime() + CLAIM_MS).toISOString(), BATCH);
      if (batch.length === 0) {
        if (this.#again) continue;
        return sent;
      }
      sent += await this.#sendBatch(batch);
    }
  }

  async #sendBatch(batch: ClaimedDelivery[]): Promise<number> {
    const { db, log } = this.deps;
    const subscriptions = new Map((await subscriptionsByIds(db, [...new Set(batch.map((d) => d.subscription_id))])).map((s) => [s.id, s]));
    const done: number[] = [];
    let delivered = 0;
    const gone = new Set<number>();
    const retries: { delivery: ClaimedDelivery; outcome: PushOutcome & { kind: 'retry' } }[] = [];
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const delivery = batch[next++] as ClaimedDelivery;
        const sub = subscriptions.get(delivery.subscription_id);
        if (!sub || gone.has(sub.id)) continue; // deleted meanwhile: its rows went with it
        const outcome = await this.sender.send(sub, delivery.payload, {
          ttlSeconds: delivery.ttl_seconds,
          urgency: delivery.urgency as Urgency,
          topic: delivery.topic,
        });
        if (outcome.kind === 'sent') {
          done.push(delivery.id);
          delivered++;
        } else if (outcome.kind === 'gone') gone.add(sub.id);
        else if (outcome.kind === 'retry') retries.push({ delivery, outcome });
        else {
          log.warn({ deliveryId: delivery.id, subscriptionId: sub.id, reason: outcome.reason }, 'push refused; not retried');
          done.push(delivery.id);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, batch.length) }, worker));

    await deleteDeliveries(db, done);
    if (gone.size) {
      await deleteSubscriptions(db, [...gone]);
      log.info({ subscriptions: gone.size }, 'push subscriptions gone (404/410) deleted');
    }
    const now = this.deps.clock.now();
    for (const { delivery, outcome } of retries) {
      const attempts = delivery.attempts + 1;
      const wait = outcome.retryAfterSeconds !== undefined ? Math.max(outcome.retryAfterSeconds * 1000, 1000) : backoffMs(attempts);
      const at = new Date(now.getTime() + wait);
      if (attempts >= MAX_ATTEMPTS || at.toISOString() > delivery.expires_at) {
        log.warn({ deliveryId: delivery.id, attempts, reason: outcome.reason }, 'push given up');
        await deleteDeliveries(db, [delivery.id]);
      } else {
        await rescheduleDelivery(db, delivery.id, attempts, at.toISOString(), outcome.reason);
      }
    }
    return delivered;
  }
}
