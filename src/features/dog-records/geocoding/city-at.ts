import type { AppContext } from '#core/context.js';
import { cachedPlaceName, cachePlaceName } from './geocode-cache.repo.js';
import { reverseLookup } from './nominatim-reverse.js';

/**
 * The town at a position from Nominatim's /reverse at town level (zoom 10), for the public poison-bait figures
 * (decisions, "Walk weather and hazards"). The same policy as `placeNameAt` (upstreams.md §9): the app's
 * User-Agent, one request a second for all instances (the turn taken in the database), a short timeout, answers
 * cached in geocode_cache for every instance. The position is rounded to 0.01° (about 1 km) first: a town does not
 * need more, and a street-level point never leaves the app for this.
 *
 * Answers `{ city }` (null where the place has no town, e.g. open country: not asked again) or `undefined` when
 * the lookup failed or had no turn (the fill job tries again later).
 */

const ROUND = 2;

/** The town's name from an answer's address: a city, else a town, village or municipality. */
export function townOf(address: Record<string, string> | undefined): string | null {
  const a = address ?? {};
  const town = a.city || a.town || a.village || a.municipality;
  return town && town.trim() ? town.trim().slice(0, 120) : null;
}

export async function cityAt(
  ctx: AppContext,
  lat: number,
  lon: number,
  wait: { maxWaitMs: number } = { maxWaitMs: 1_500 },
): Promise<{ city: string | null } | undefined> {
  const base = ctx.config.upstream.nominatimUrl;
  if (!base) return undefined;
  const key = `city:${lat.toFixed(ROUND)},${lon.toFixed(ROUND)}`;
  const cached = await cachedPlaceName(ctx.db, key);
  if (cached) return { city: cached.name };
  const asked = await reverseLookup(ctx, base, { lat, lon }, { decimals: ROUND, zoom: 10, maxWaitMs: wait.maxWaitMs, what: 'town lookup' });
  if (typeof asked === 'string') return undefined;
  const city = asked.found ? townOf(asked.found.address) : null;
  await cachePlaceName(ctx.db, key, city, ctx.clock.now().toISOString());
  return { city };
}
