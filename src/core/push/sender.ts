import type WebPush from 'web-push';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { AddressGuard } from '../upstream/address-guard.js';
import { UpstreamError } from '../upstream/http-client.js';
import { pinnedRequest } from '../upstream/pinned-request.js';

/** web-push (with its ASN.1 and big-number code, about 3 MB resident) loads with the first message, not at start. */
let webPushLoaded: Promise<typeof WebPush> | undefined;
const loadWebPush = (): Promise<typeof WebPush> => (webPushLoaded ??= import('web-push').then((module) => module.default));

/** What a push service said, sorted by what we do next (upstreams.md §6.2). */
export type PushOutcome =
  | { kind: 'sent' }
  /** 404/410: the subscription is gone; delete it. */
  | { kind: 'gone'; status: number }
  /** 429, 5xx, timeout, network: try again later (after `retryAfterSeconds` when the service said so). */
  | { kind: 'retry'; reason: string; retryAfterSeconds?: number | undefined }
  /** 400/401/403/413 and the like: a configuration or payload problem that a retry will not fix. */
  | { kind: 'failed'; reason: string }
  /** The endpoint's host resolves to an address that is not public (now, at send time): nothing was sent. */
  | { kind: 'refused'; reason: string };

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  topic: string | null;
}

/**
 * Hands out one encryption per event-loop turn. The dispatcher keeps many pushes in flight, and their answers arrive
 * together; encrypting the next message for each at once (~0.75 ms of CPU apiece here) would hold the loop for tens
 * of milliseconds and delay every request in between. One per turn lets the requests' I/O run between encryptions.
 */
class LoopTurns {
  readonly #waiting: (() => void)[] = [];
  #scheduled = false;

  next(): Promise<void> {
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
      this.#pump();
    });
  }

  #pump(): void {
    if (this.#scheduled || this.#waiting.length === 0) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#waiting.shift()?.();
      this.#pump();
    });
  }
}

const turns = new LoopTurns();

/** VAPID tokens may live 24 h; ours live 12 h and are reused for 11 h per push-service origin. */
const VAPID_LIFETIME_S = 12 * 3600;
const VAPID_REUSE_MS = 11 * 3600 * 1000;

/** What a send needs besides the message: the address check, and the fan-out's budget that may cut it short. */
export interface SendControl {
  guard: AddressGuard;
  signal?: AbortSignal | undefined;
}

/**
 * Sends one web-push message: `web-push` encrypts it (RFC 8291, aes128gcm) and signs the VAPID token
 * (RFC 8292); the request goes through the house client's pinned form (core/upstream/pinned-request.ts): the
 * endpoint's host is resolved and checked again now, since DNS may have changed since the subscription, and the
 * connection goes to the checked address (timeout, User-Agent, body cap, no redirects).
 * The VAPID header is cached per push-service origin, so a fan-out signs one token per service, not per device.
 */
export class WebPushSender {
  readonly #vapid = new Map<string, { header: string; until: number }>();

  constructor(
    private readonly deps: { config: Pick<Config, 'push' | 'upstream'>; log: Logger },
    private readonly timeoutMs: number,
  ) {}

  #vapidHeader(webpush: typeof WebPush, endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const cached = this.#vapid.get(audience);
    if (cached && cached.until > Date.now()) return cached.header;
    const { publicKey, privateKey, contact } = this.deps.config.push;
    const headers = webpush.getVapidHeaders(audience, contact, publicKey, privateKey, 'aes128gcm', Math.floor(Date.now() / 1000) + VAPID_LIFETIME_S);
    const header = String(headers.Authorization);
    this.#vapid.set(audience, { header, until: Date.now() + VAPID_REUSE_MS });
    return header;
  }

  async send(target: PushTarget, payload: string, options: PushOptions, control: SendControl): Promise<PushOutcome> {
    let details: WebPush.RequestDetails;
    const webpush = await loadWebPush();
    await turns.next();
    try {
      details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        ...(options.topic ? { topic: options.topic } : {}),
        vapidDetails: null as unknown as undefined, // signed above and cached instead of once per message
        headers: { Authorization: this.#vapidHeader(webpush, target.endpoint) },
      });
    } catch (err) {
      // Keys that passed validation but do not form a usable P-256 point end here.
      return { kind: 'failed', reason: `encrypt: ${err instanceof Error ? err.message : String(err)}` };
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
    try {
      await pinnedRequest(this.deps, control.guard, {
        upstream: 'web-push',
        url: details.endpoint,
        method: 'POST',
        headers,
        body: details.body ? new Uint8Array(details.body) : undefined,
        timeoutMs: this.timeoutMs,
        maxBytes: 64 * 1024,
        ...(control.signal ? { signal: control.signal } : {}),
      });
      return { kind: 'sent' };
    } catch (err) {
      if (!(err instanceof UpstreamError)) return { kind: 'retry', reason: err instanceof Error ? err.message : String(err) };
      if (err.kind === 'refused') return { kind: 'refused', reason: err.message };
      // A redirect is refused every time (the new target would need a check of its own): retrying will not help.
      if (err.kind === 'redirect') return { kind: 'failed', reason: `redirect (HTTP ${err.status ?? 0})` };
      if (err.kind !== 'status') return { kind: 'retry', reason: `${err.kind}: ${err.message}` };
      const status = err.status ?? 0;
      if (status === 404 || status === 410) return { kind: 'gone', status };
      if (status === 429 || status >= 500) return { kind: 'retry', reason: `HTTP ${status}`, retryAfterSeconds: err.retryAfterSeconds };
      return { kind: 'failed', reason: `HTTP ${status}` };
    }
  }
}
