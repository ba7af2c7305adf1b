import type { Db } from '#core/db/index.js';
import { WeatherSummary } from './weather.types.js';

export interface CacheKey {
  provider: string;
  lat_e2: number;
  lon_e2: number;
  day: string;
}

export async function findCachedWeather(db: Db, key: CacheKey): Promise<WeatherSummary | undefined> {
  const row = await db
    .selectFrom('weather_cache')
    .select('data_json')
    .where('provider', '=', key.provider)
    .where('lat_e2', '=', key.lat_e2)
    .where('lon_e2', '=', key.lon_e2)
    .where('day', '=', key.day)
    .executeTakeFirst();
  if (!row) return undefined;
  const parsed = WeatherSummary.safeParse(JSON.parse(row.data_json));
  return parsed.success ? parsed.data : undefined;
}

/** Two uploads of the same place and day may race: the first answer stays, the second is dropped. */
export async function storeCachedWeather(db: Db, key: CacheKey, weather: WeatherSummary, now: string): Promise<void> {
  await db
    .insertInto('weather_cache')
    .values({ ...key, data_json: JSON.stringify(weather), fetched_at: now })
    .onConflict((oc) => oc.columns(['provider', 'lat_e2', 'lon_e2', 'day']).doNothing())
    .execute();
}
