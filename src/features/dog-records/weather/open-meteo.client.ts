import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { upstreamJsonAs } from '#core/upstream/http-client.js';
import { ATTRIBUTION, CONDITION_LABELS, round1, type WeatherCondition, type WeatherSummary } from './weather.types.js';

/** Open-Meteo historical archive, upstreams.md §3.1: daily values with a WMO weather code. */

const values = z.array(z.number().nullable());
const OpenMeteoResponse = z.object({
  daily: z.object({
    time: z.array(z.string()),
    weather_code: values,
    temperature_2m_max: values,
    temperature_2m_min: values,
    precipitation_sum: values,
  }),
});

/** WMO 4677 codes as Open-Meteo uses them (upstreams.md §3.3). */
export function conditionFromWmo(code: number): WeatherCondition {
  if (code === 0) return 'clear';
  if (code === 1 || code === 2) return 'partly_cloudy';
  if (code === 3) return 'cloudy';
  if (code === 45 || code === 48) return 'fog';
  if (code >= 51 && code <= 57) return 'drizzle';
  if ((code >= 61 && code <= 67) || (code >= 80 && code <= 82)) return 'rain';
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'snow';
  if (code === 95) return 'thunderstorm';
  if (code === 96 || code === 99) return 'hail';
  return 'unknown';
}

export async function fetchOpenMeteo(ctx: Pick<AppContext, 'config' | 'log'>, lat: number, lon: number, day: string): Promise<WeatherSummary | null> {
  const url = new URL(`${ctx.config.upstream.openMeteoUrl.replace(/\/$/, '')}/v1/archive`);
  url.search = new URLSearchParams({
    latitude: String(lat),
    longitude: String(lon),
    start_date: day,
    end_date: day,
    daily: 'weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum',
    timezone: ctx.config.timeZone,
  }).toString();
  const { daily } = await upstreamJsonAs(ctx, { upstream: 'open-meteo', url, timeoutMs: ctx.config.upstream.weatherTimeoutMs }, OpenMeteoResponse);
  const i = daily.time.indexOf(day);
  const code = daily.weather_code[i];
  const max = daily.temperature_2m_max[i] ?? null;
  const min = daily.temperature_2m_min[i] ?? null;
  const rain = daily.precipitation_sum[i] ?? null;
  // Values are null while the reanalysis for that day is not published yet.
  if (i < 0 || (code == null && max === null && min === null && rain === null)) return null;
  const condition = code == null ? 'unknown' : conditionFromWmo(code);
  return {
    day,
    temp_max_c: max === null ? null : round1(max),
    temp_min_c: min === null ? null : round1(min),
    precipitation_mm: rain === null ? null : round1(rain),
    condition,
    label: CONDITION_LABELS[condition],
    source: 'open-meteo',
    attribution: ATTRIBUTION['open-meteo'],
  };
}
