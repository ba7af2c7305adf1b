import type { Generated } from 'kysely';

/** A diary entry belongs to a dog; the link to the user runs through dogs.user_id. */
export interface DiaryEntriesTable {
  id: Generated<number>;
  dog_id: number;
  /** Calendar date YYYY-MM-DD. */
  date: string;
  title: string | null;
  text: string;
  mood: string | null;
  /** JSON array of strings, or null when the entry has no tags. */
  tags_json: string | null;
  /** Position of the entry's first located photo; cells are lat/lon × 1000 (about 100 m) for the map view. */
  lat: number | null;
  lon: number | null;
  cell_lat: number | null;
  cell_lon: number | null;
  /** The place there (reverse geocoding), e.g. „Marienplatz, München“; null when unknown or the lookup failed. */
  place_name: string | null;
  /** Who wrote it: the owner or a caregiver; null when that account was deleted (migration 0032). */
  author_id: number | null;
  created_at: string;
  updated_at: string;
}

/** 'none': no position, so no weather; 'pending': to be fetched (again) by weather.fill-missing. */
export type WeatherStatus = 'none' | 'pending' | 'ok' | 'unavailable';

export interface DiaryMediaTable {
  id: Generated<number>;
  entry_id: number;
  /** Copied from the entry: the mosaic and the daily photo select by dog without a join. */
  dog_id: number;
  url: string;
  preview_url: string;
  width: number;
  height: number;
  bytes: number;
  lat: number | null;
  lon: number | null;
  taken_at: string | null;
  /** The day (YYYY-MM-DD) the weather is for: the photo's local capture day, else the entry's date. */
  weather_day: string | null;
  weather_status: Generated<WeatherStatus>;
  weather_json: string | null;
  weather_attempts: Generated<number>;
  created_at: string;
}

/** One cached photo URL per dog per day (spec: Daily photo cache). */
export interface DailyPhotosTable {
  id: Generated<number>;
  dog_id: number;
  day: string;
  url: string;
  created_at: string;
}

/** Reverse-geocoding answers per position rounded to 4 decimals (features/geocoding). */
export interface GeocodeCacheTable {
  key: string;
  name: string | null;
  fetched_at: string;
}

export interface DiaryTables {
  geocode_cache: GeocodeCacheTable;
  diary_entries: DiaryEntriesTable;
  diary_media: DiaryMediaTable;
  daily_photos: DailyPhotosTable;
}
