import { dateInZone } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { UpstreamError } from '#core/upstream/http-client.js';
import { fetchBrightSky } from './brightsky.client.js';
import { fetchOpenMeteo } from './open-meteo.client.js';
import { findCachedWeather, storeCachedWeather } from './weather.repo.js';
import { gridKey, type Place, type WeatherOutcome, type WeatherSummary } from './weather.types.js';

/** 400/404/422 mean "no data for this place and day" (Bright Sky: no station near; out of range): asking again won't help. */
const PERMANENT_STATUSES = new Set([400, 404, 422]);

/**
 * The historic weather of a place on a day: from the cache (rounded place + day) or from the configured provider.
 * Never throws for upstream trouble; the caller stores 'retry' and the job weather.fill-missing asks again later.
 */
export async function lookupWeather(ctx: AppContext, place: Place): Promise<WeatherOutcome> {
  const today = dateInZone(ctx.clock.now(), ctx.config.timeZone);
  // A day that is not over has no complete record yet; the job fetches it once it is history.
  if (place.day >= today) return { status: 'retry', upstreamFailed: false };
  const provider = ctx.config.upstream.weatherProvider;
  const grid = gridKey(place);
  const key = { provider, ...grid };
  const cached = await findCachedWeather(ctx.db, key);
  if (cached) return { status: 'ok', weather: cached };
  const lat = grid.lat_e2 / 100;
  const lon = grid.lon_e2 / 100;
  let weather: WeatherSummary | null;
  try {
    // The rounded position goes out, not the exact one: the provider learns no more than it needs.
    weather = provider === 'open-meteo' ? await fetchOpenMeteo(ctx, lat, lon, place.day) : await fetchBrightSky(ctx, lat, lon, place.day);
  } catch (err) {
    if (err instanceof UpstreamError && err.kind === 'status' && err.status !== undefined && PERMANENT_STATUSES.has(err.status))
      return { status: 'unavailable' };
    if (err instanceof UpstreamError) return { status: 'retry', upstreamFailed: true };
    throw err;
  }
  if (!weather) return { status: 'retry', upstreamFailed: true };
  await storeCachedWeather(ctx.db, key, weather, ctx.clock.now().toISOString());
  return { status: 'ok', weather };
}
