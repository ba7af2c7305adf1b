import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { UpstreamError, upstreamJsonAs } from '#core/upstream/http-client.js';
import { paced } from '#core/upstream/slots.js';
import { cachedPlaceName, cachePlaceName } from './geocode-cache.repo.js';

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
const INTERVAL_MS = 1_000;

const Reverse = z.union([z.object({ error: z.string() }), z.object({ address: z.record(z.string(), z.string()).optional() })]);

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
  const url = new URL(`${base.replace(/\/+$/, '')}/reverse`);
  url.search = new URLSearchParams({
    format: 'jsonv2',
    lat: lat.toFixed(ROUND),
    lon: lon.toFixed(ROUND),
    zoom: '10',
    addressdetails: '1',
    'accept-language': 'de',
  }).toString();
  const timeoutMs = ctx.config.upstream.nominatimTimeoutMs;
  const asked = await paced(ctx, 'nominatim', { intervalMs: INTERVAL_MS, maxWaitMs: wait.maxWaitMs, requestMs: timeoutMs }, async () => {
    try {
      const answer = await upstreamJsonAs(ctx, { upstream: 'nominatim', url, timeoutMs }, Reverse);
      return { city: 'error' in answer ? null : townOf(answer.address) };
    } catch (err) {
      ctx.log.warn(
        { upstream: 'nominatim', kind: err instanceof UpstreamError ? err.kind : 'unknown', status: err instanceof UpstreamError ? err.status : undefined },
        'town lookup failed',
      );
      return undefined;
    }
  });
  if (asked.skipped || !asked.value) return undefined;
  await cachePlaceName(ctx.db, key, asked.value.city, ctx.clock.now().toISOString());
  return asked.value;
}
