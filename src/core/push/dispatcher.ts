import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import type { Logger } from '../logger.js';
import { AddressGuard, type GuardVerdict } from '../upstream/address-guard.js';
import { claimDueDeliveries, deleteDeliveries, rescheduleDelivery, type ClaimedDelivery } from './deliveries.repo.js';
import type { Urgency } from './kinds.js';
import { WebPushSender, type PushOutcome } from './sender.js';
import { deleteSubscriptions, subscriptionsByIds } from './subscriptions.repo.js';

const BATCH = 200;
/** Pushes in flight at once: enough to keep a fan-out fast, few enough that requests beside it stay quick. */
const CONCURRENCY = 24;
/**
 * Pushes in flight to one push service (host and port) at once. A service that accepts and never answers holds at
 * most these slots until the push timeout; the other slots keep everybody else's pushes moving. 8 rather than fewer
 * because most devices sit behind one service (FCM for Chrome and Android): 8 kept-alive connections at ~100 ms a
 * push still send ~80 pushes a second there.
 */
const PER_HOST = 8;
/**
 * The time budget of one round: a claim of up to BATCH queued pushes (one event's fan-out, or a slice of a large one)
 * is sent within 10 s. Then the pushes still in flight are cut off (retried later, as after a timeout) and those not
 * yet started wait DEFER_MS without an attempt counted, and the loop goes on: hanging push services delay other
 * pushes by at most one budget, never by their own timeouts added up.
 */
const FAN_OUT_BUDGET_MS = 10_000;
const DEFER_MS = 30_000;
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

/** Tests end the budget when they choose and put in a guard with an injected lookup; production takes the defaults. */
export interface DispatcherOptions {
  /** One signal per round; when it fires, the round ends. Default: FAN_OUT_BUDGET_MS from the round's start. */
  budget?: () => AbortSignal;
  guard?: AddressGuard;
}

/** The push service's host and port: the unit of PER_HOST. */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return endpoint;
  }
}

/**
 * Sends the push queue (push_deliveries). `kick()` is what `notify` calls after its commit: the sending runs
 * beside the request that caused it, never inside it. The `push.send-due` job calls `drain()` every minute
 * for retries, pushes held through quiet hours, and anything a crashed instance left claimed.
 * One loop runs per process; a kick during a loop makes it look again before it stops.
 */
export class PushDispatcher {
  readonly sender: WebPushSender;
  /**
   * Where pushes may go: checked when a device subscribes and again before every push. Loopback passes only with
   * PUSH_ALLOW_HTTP (refused in production); tests may replace the guard with one whose lookup is injected.
   */
  guard: AddressGuard;
  readonly #budget: () => AbortSignal;
  #loop: Promise<number> | null = null;
  #again = false;

  constructor(
    private readonly deps: PushDeps,
    options: DispatcherOptions = {},
  ) {
    this.sender = new WebPushSender(deps, deps.config.push.timeoutMs);
    this.guard = options.guard ?? new AddressGuard({ allowLoopback: deps.config.push.allowHttp });
    this.#budget = options.budget ?? (() => AbortSignal.timeout(FAN_OUT_BUDGET_MS));
  }

  /** The subscription route's check of a new endpoint (the same guard the sending uses). */
  checkEndpoint(endpoint: string): Promise<GuardVerdict> {
    return this.guard.check(new URL(endpoint).hostname, AbortSignal.timeout(this.deps.config.push.timeoutMs));
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
    const budget = this.#budget();
    const done: number[] = [];
    let delivered = 0;
    const gone = new Set<number>();
    const refused = new Map<number, string>();
    const retries: { delivery: ClaimedDelivery; outcome: PushOutcome & { kind: 'retry' } }[] = [];
    const record = (delivery: ClaimedDelivery, subscriptionId: number, outcome: PushOutcome) => {
      if (outcome.kind === 'sent') {
        done.push(delivery.id);
        delivered++;
      } else if (outcome.kind === 'gone') gone.add(subscriptionId);
      else if (outcome.kind === 'refused') refused.set(subscriptionId, outcome.reason);
      else if (outcome.kind === 'retry') retries.push({ delivery, outcome });
      else {
        log.warn({ deliveryId: delivery.id, subscriptionId, reason: outcome.reason }, 'push refused; not retried');
        done.push(delivery.id);
      }
    };

    // In claim order, but a push whose service already has PER_HOST in flight waits and the next one goes first.
    const waiting = [...batch];
    const busy = new Map<string, number>();
    let inFlight = 0;
    await new Promise<void>((resolve) => {
      const pump = () => {
        for (let i = 0; !budget.aborted && inFlight < CONCURRENCY && i < waiting.length;) {
          const delivery = waiting[i] as ClaimedDelivery;
          const sub = subscriptions.get(delivery.subscription_id);
          if (!sub || gone.has(sub.id) || refused.has(sub.id)) {
            waiting.splice(i, 1); // deleted meanwhile: its rows went with it
            continue;
          }
          const host = hostOf(sub.endpoint);
          if ((busy.get(host) ?? 0) >= PER_HOST) {
            i++;
            continue;
          }
          waiting.splice(i, 1);
          inFlight++;
          busy.set(host, (busy.get(host) ?? 0) + 1);
          void this.sender
            .send(
              sub,
              delivery.payload,
              { ttlSeconds: delivery.ttl_seconds, urgency: delivery.urgency as Urgency, topic: delivery.topic },
              { guard: this.guard, signal: budget },
            )
            .catch((err: unknown): PushOutcome => ({ kind: 'retry', reason: err instanceof Error ? err.message : String(err) }))
            .then((outcome) => record(delivery, sub.id, outcome))
            .finally(() => {
              inFlight--;
              busy.set(host, (busy.get(host) ?? 1) - 1);
              pump();
            });
        }
        if (inFlight === 0) resolve();
      };
      pump();
    });

    await deleteDeliveries(db, done);
    if (gone.size) {
      await deleteSubscriptions(db, [...gone]);
      log.info({ subscriptions: gone.size }, 'push subscriptions gone (404/410) deleted');
    }
    if (refused.size) {
      // Its host now resolves to an internal address: nothing was sent, and the device goes (it re-subscribes itself).
      await deleteSubscriptions(db, [...refused.keys()]);
      for (const [subscriptionId, reason] of refused) log.warn({ subscriptionId, reason }, 'push endpoint refused at send time; subscription deleted');
    }
    const now = this.deps.clock.now();
    const deferred = waiting.filter((d) => subscriptions.has(d.subscription_id) && !gone.has(d.subscription_id) && !refused.has(d.subscription_id));
    if (budget.aborted && (deferred.length > 0 || retries.length > 0))
      log.warn({ retried: retries.length, deferred: deferred.length }, 'push fan-out budget spent; the rest waits');
    const deferTo = new Date(now.getTime() + DEFER_MS).toISOString();
    for (const d of deferred) {
      if (deferTo > d.expires_at) await deleteDeliveries(db, [d.id]);
      else await rescheduleDelivery(db, d.id, d.attempts, deferTo, 'fan-out budget spent before it was sent');
    }
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
