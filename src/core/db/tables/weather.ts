import type { Generated } from 'kysely';

/** Historic weather per provider, rounded place (position × 100) and day. Only successful answers are kept. */
export interface WeatherCacheTable {
  id: Generated<number>;
  provider: string;
  lat_e2: number;
  lon_e2: number;
  day: string;
  data_json: string;
  fetched_at: string;
}

export interface WeatherTables {
  weather_cache: WeatherCacheTable;
}
