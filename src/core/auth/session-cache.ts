import type { WriteWatchPlugin } from '#platform/db/write-watch.js';
import type { SessionUser } from './session-user.js';

/** How long another app instance's change (a logout, a ban) may take to reach this instance. */
export const SESSION_CACHE_TTL_MS = 1000;
const MAX_ENTRIES = 10_000;

interface Entry {
  user: SessionUser;
  revoked: boolean;
  loadedAt: number;
}

/**
 * Caches the session lookup (user row + blacklist check) per user and token for at most one second. Every write
 * this process makes to `users` or `revoked_tokens` (and every commit) empties the cache and moves the generation
 * on; a lookup that ran while the generation moved does not store its result, because it may have read the state
 * before the write committed. So within one instance a logout, password change or suspension is seen by the very
 * next request; other instances see it within the TTL. Without the cache the lookup costs a query per request
 * (see docs/performance.md).
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  #generation = 0;

  constructor(writes: WriteWatchPlugin | undefined) {
    writes?.onWrite((tables) => {
      if (tables === 'unknown' || tables.has('users') || tables.has('revoked_tokens')) {
        this.#entries.clear();
        this.#generation++;
      }
    });
  }

  /** Read before a lookup and hand to `set`, which stores nothing if a write happened in between. */
  get generation(): number {
    return this.#generation;
  }

  get(userId: number, jti: string): Entry | undefined {
    const key = `${userId}:${jti}`;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (performance.now() - entry.loadedAt > SESSION_CACHE_TTL_MS) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(generation: number, userId: number, jti: string, user: SessionUser, revoked: boolean): void {
    if (generation !== this.#generation) return;
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    // Frozen: the same object serves many requests, so no handler may change it.
    this.#entries.set(`${userId}:${jti}`, { user: Object.freeze(user), revoked, loadedAt: performance.now() });
  }
}
