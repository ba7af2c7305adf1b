import type { Clock } from '#core/clock.js';
import { MINUTE } from '#core/clock.js';
import type { Db } from '#core/db/index.js';
import { cachedBody, type CachedBody } from '#core/http/cached-body.js';
import { RecencyMap } from '#core/recency-map.js';

/** Other instances see new data (enrichment, a new file) within this time; this one drops everything at once. */
const TTL_MS = 5 * MINUTE;
const MAX_ENTRIES = 2000;

/**
 * Rendered breed responses (API JSON and HTML pages) keyed by their normalised request. Breed data changes only
 * when the loader or the enrichment job writes, and both call invalidate(). Bounded, the least recently used out first
 * (core/recency-map.ts).
 */
export class BreedCache {
  readonly #entries = new RecencyMap<string, { value: CachedBody; expires: number }>();

  constructor(private readonly clock: Clock) {}

  get(key: string): CachedBody | undefined {
    const hit = this.#entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= this.clock.now().getTime()) {
      this.#entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: CachedBody): void {
    this.#entries.set(key, { value, expires: this.clock.now().getTime() + TTL_MS });
    if (this.#entries.size > MAX_ENTRIES) this.#entries.evict();
  }

  /** Returns the cached value or computes, stores and returns it. */
  async getOrSet(key: string, compute: () => Promise<string>): Promise<CachedBody> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = cachedBody(await compute());
    this.set(key, value);
    return value;
  }

  invalidate(): void {
    this.#entries.clear();
  }
}

// One cache per database handle: tests run several apps (and databases) in one process.
const caches = new WeakMap<Db, BreedCache>();

export function breedCache(ctx: { db: Db; clock: Clock }): BreedCache {
  let cache = caches.get(ctx.db);
  if (!cache) {
    cache = new BreedCache(ctx.clock);
    caches.set(ctx.db, cache);
  }
  return cache;
}
