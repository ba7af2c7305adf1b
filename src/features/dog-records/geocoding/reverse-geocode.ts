import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { UpstreamError, upstreamJsonAs } from '#core/upstream/http-client.js';
import { paced } from '#core/upstream/slots.js';
import { cachedPlaceName, cachePlaceName } from './geocode-cache.repo.js';

/**
 * The place name at a position from Nominatim (upstreams.md §9), for located diary entries. The policy is kept:
 * only on a user's action (a photo upload), the app's User-Agent, answers cached per position rounded to 4 decimals
 * (about 10 m) in the database for every instance, at most one request a second for all instances and workers
 * together (the turn is taken in the database: core/upstream/slots.ts), a short timeout.
 * Anything that goes wrong gives null: the caller saves without the name.
 */

const ROUND = 4;
/**
 * One request a second is Nominatim's absolute maximum: the next lookup goes a second after the previous one's
 * answer. A lookup waits at most MAX_WAIT_MS for its turn, else goes without the name.
 */
const INTERVAL_MS = 1_000;
const MAX_WAIT_MS = 1_500;

const Reverse = z.union([
  z.object({ error: z.string() }),
  z.object({
    name: z.string().optional(),
    address: z.record(z.string(), z.string()).optional(),
    display_name: z.string().optional(),
  }),
]);

/** „Marienplatz, München“: the named place or street, then the town (the full display name is too long for a card). */
export function shortName(answer: { name?: string; address?: Record<string, string>; display_name?: string }): string | null {
  const a = answer.address ?? {};
  const spot = answer.name || a.road || a.pedestrian || a.park || a.suburb || a.neighbourhood;
  const town = a.city || a.town || a.village || a.municipality || a.county;
  const parts = [spot, town].filter((p): p is string => !!p && p.trim().length > 0);
  const unique = parts.filter((p, i) => parts.indexOf(p) === i);
  const name = unique.join(', ') || answer.display_name?.split(',').slice(0, 2).join(',').trim() || null;
  return name ? name.slice(0, 300) : null;
}

const keyOf = (lat: number, lon: number) => `${lat.toFixed(ROUND)},${lon.toFixed(ROUND)}`;

export async function placeNameAt(ctx: AppContext, lat: number, lon: number): Promise<string | null> {
  const base = ctx.config.upstream.nominatimUrl;
  if (!base) return null;
  const key = keyOf(lat, lon);
  const cached = await cachedPlaceName(ctx.db, key);
  if (cached) return cached.name;
  const url = new URL(`${base.replace(/\/+$/, '')}/reverse`);
  url.search = new URLSearchParams({
    format: 'jsonv2',
    lat: lat.toFixed(ROUND),
    lon: lon.toFixed(ROUND),
    zoom: '17',
    addressdetails: '1',
    'accept-language': 'de',
  }).toString();
  const timeoutMs = ctx.config.upstream.nominatimTimeoutMs;
  // The policy's 1/s is for the whole application: the turn is taken in the database, across instances and workers.
  const asked = await paced(ctx, 'nominatim', { intervalMs: INTERVAL_MS, maxWaitMs: MAX_WAIT_MS, requestMs: timeoutMs }, async () => {
    try {
      const answer = await upstreamJsonAs(ctx, { upstream: 'nominatim', url, timeoutMs }, Reverse);
      return { name: 'error' in answer ? null : shortName(answer) };
    } catch (err) {
      ctx.log.warn(
        { upstream: 'nominatim', kind: err instanceof UpstreamError ? err.kind : 'unknown', status: err instanceof UpstreamError ? err.status : undefined },
        'reverse geocoding failed',
      );
      return null;
    }
  });
  if (asked.skipped) {
    ctx.log.warn({ upstream: 'nominatim' }, 'reverse geocoding skipped: more than one lookup a second');
    return null;
  }
  if (!asked.value) return null;
  const { name } = asked.value;
  await cachePlaceName(ctx.db, key, name, ctx.clock.now().toISOString());
  return name;
}
