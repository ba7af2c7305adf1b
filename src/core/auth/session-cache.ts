import type { WriteWatchPlugin } from '../db/write-watch.js';
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
 * this process makes to `users` or `revoked_tokens` empties the cache at once, so within one instance a logout,
 * password change or suspension is seen by the very next request; other instances see it within the TTL.
 * Without it the lookup costs a query per request and the API served about 40 % of an Express hello world;
 * see docs/performance.md.
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();

  constructor(writes: WriteWatchPlugin | undefined) {
    writes?.onWrite((tables) => {
      if (tables === 'unknown' || tables.has('users') || tables.has('revoked_tokens')) this.#entries.clear();
    });
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

  set(userId: number, jti: string, user: SessionUser, revoked: boolean): void {
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    // Frozen: the same object serves many requests, so no handler may change it.
    this.#entries.set(`${userId}:${jti}`, { user: Object.freeze(user), revoked, loadedAt: performance.now() });
  }
}
