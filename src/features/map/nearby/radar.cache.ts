import { MINUTE, type Clock } from '#core/clock.js';
import type { Db } from '#core/db/index.js';
import { cachedBody, type CachedBody } from '#core/http/cached-body.js';
import { RecencyMap } from '#core/recency-map.js';

/**
 * The rendered figure pages (/giftkoeder-radar and a town's page), compressed once (core/http/cached-body.ts). A
 * new warning shows within TTL_MS on every instance: the figures are per month, a few minutes late say nothing
 * wrong, and a burst of visitors from a press article costs one query per TTL instead of one per visit.
 */
export const RADAR_TTL_MS = 5 * MINUTE;
const MAX_ENTRIES = 1000;

export class RadarCache {
  readonly #entries = new RecencyMap<string, { value: CachedBody; expires: number }>();

  constructor(private readonly clock: Clock) {}

  async getOrSet(key: string, compute: () => Promise<string>): Promise<CachedBody> {
    const now = this.clock.now().getTime();
    const hit = this.#entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = cachedBody(await compute());
    this.#entries.set(key, { value, expires: now + RADAR_TTL_MS });
    if (this.#entries.size > MAX_ENTRIES) this.#entries.evict();
    return value;
  }
}

// One cache per database handle: tests run several apps (and databases) in one process.
const caches = new WeakMap<Db, RadarCache>();

export function radarCache(ctx: { db: Db; clock: Clock }): RadarCache {
  let cache = caches.get(ctx.db);
  if (!cache) caches.set(ctx.db, (cache = new RadarCache(ctx.clock)));
  return cache;
}
