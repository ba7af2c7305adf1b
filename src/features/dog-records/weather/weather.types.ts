import { z } from 'zod';

/** Our own condition scale: both providers map onto it, the client shows the German label. */
export const WeatherCondition = z.enum(['clear', 'partly_cloudy', 'cloudy', 'fog', 'drizzle', 'rain', 'sleet', 'snow', 'hail', 'thunderstorm', 'unknown']);
export type WeatherCondition = z.infer<typeof WeatherCondition>;

export const CONDITION_LABELS: Record<WeatherCondition, string> = {
  clear: 'Sonnig',
  partly_cloudy: 'Teilweise bewölkt',
  cloudy: 'Bedeckt',
  fog: 'Nebel',
  drizzle: 'Nieselregen',
  rain: 'Regen',
  sleet: 'Schneeregen',
  snow: 'Schnee',
  hail: 'Hagel',
  thunderstorm: 'Gewitter',
  unknown: 'Unbekannt',
};

export const WeatherProvider = z.enum(['brightsky', 'open-meteo']);
export type WeatherProvider = z.infer<typeof WeatherProvider>;

/** Attribution the data licences ask for (DWD terms; Open-Meteo CC BY 4.0). */
export const ATTRIBUTION: Record<WeatherProvider, string> = {
  brightsky: 'Datenbasis: Deutscher Wetterdienst (über Bright Sky)',
  'open-meteo': 'Wetterdaten von Open-Meteo.com',
};

/** The weather of one place on one day, as stored and as the API shows it. */
export const WeatherSummary = z
  .object({
    day: z.string().meta({ example: '2025-06-14' }),
    temp_max_c: z.number().nullable(),
    temp_min_c: z.number().nullable(),
    precipitation_mm: z.number().nullable(),
    condition: WeatherCondition,
    label: z.string().meta({ description: 'Deutsche Bezeichnung, z. B. „Regen“' }),
    source: WeatherProvider,
    attribution: z.string(),
  })
  .meta({ id: 'WeatherSummary' });
export type WeatherSummary = z.infer<typeof WeatherSummary>;

export interface Place {
  lat: number;
  lon: number;
  day: string;
}

/**
 * What a lookup gives: the weather; 'unavailable' when the provider has no data for that place and day (it never
 * will); 'retry' when it failed for now (upstream down, data not published yet, day not over).
 */
export type WeatherOutcome = { status: 'ok'; weather: WeatherSummary } | { status: 'unavailable' } | { status: 'retry'; upstreamFailed: boolean };

/** Rounds a position to the cache's grid (0.01°, about 1 km): neighbouring photos share one upstream call. */
export function gridKey(place: Place): { lat_e2: number; lon_e2: number; day: string } {
  return { lat_e2: Math.round(place.lat * 100), lon_e2: Math.round(place.lon * 100), day: place.day };
}

export const round1 = (v: number) => Math.round(v * 10) / 10;
