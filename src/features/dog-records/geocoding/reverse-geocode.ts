import type { AppContext } from '#core/context.js';
import { cachedPlaceName, cachePlaceName } from './geocode-cache.repo.js';
import { reverseLookup, type ReversePlace } from './nominatim-reverse.js';

/**
 * The place name at a position from Nominatim (upstreams.md §9), for located diary entries. The policy is kept:
 * only on a user's action (a photo upload), the app's User-Agent, answers cached per position rounded to 4 decimals
 * (about 10 m) in the database for every instance, at most one request a second for all instances and workers
 * together (the turn is taken in the database: core/upstream/slots.ts), a short timeout.
 * Anything that goes wrong gives null: the caller saves without the name.
 */

const ROUND = 4;
/** A lookup waits at most this long for its turn (one request a second for the app), else goes without the name. */
const MAX_WAIT_MS = 1_500;

/** „Marienplatz, München“: the named place or street, then the town (the full display name is too long for a card). */
export function shortName(answer: ReversePlace): string | null {
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
  const asked = await reverseLookup(ctx, base, { lat, lon }, { decimals: ROUND, zoom: 17, maxWaitMs: MAX_WAIT_MS, what: 'reverse geocoding' });
  if (asked === 'skipped') ctx.log.warn({ upstream: 'nominatim' }, 'reverse geocoding skipped: more than one lookup a second');
  if (typeof asked === 'string') return null;
  const name = asked.found ? shortName(asked.found) : null;
  await cachePlaceName(ctx.db, key, name, ctx.clock.now().toISOString());
  return name;
}
