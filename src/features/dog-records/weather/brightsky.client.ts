import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { upstreamJsonAs } from '#core/upstream/http-client.js';
import { ATTRIBUTION, CONDITION_LABELS, round1, type WeatherCondition, type WeatherSummary } from './weather.types.js';

/** Bright Sky (DWD open data), upstreams.md §3.2: hourly records for a day; we sum them up ourselves. */

const num = z.number().nullable().optional();
const BrightSkyResponse = z.object({
  weather: z.array(
    z.looseObject({
      timestamp: z.string(),
      temperature: num,
      precipitation: num,
      cloud_cover: num,
      condition: z.string().nullable().optional(),
    }),
  ),
});

/** The worst condition of the day wins: a day with an hour of thunderstorm was a thunderstorm day. */
const SEVERITY: [string, WeatherCondition][] = [
  ['thunderstorm', 'thunderstorm'],
  ['hail', 'hail'],
  ['snow', 'snow'],
  ['sleet', 'sleet'],
  ['rain', 'rain'],
  ['fog', 'fog'],
];

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The day's summary, or null when the records carry no values at all (not published yet). */
export function summariseBrightSky(records: z.infer<typeof BrightSkyResponse>['weather'], day: string): WeatherSummary | null {
  const hours = records.filter((r) => r.timestamp.slice(0, 10) === day);
  const temps = hours.map((r) => r.temperature).filter((v): v is number => typeof v === 'number');
  const rain = hours.map((r) => r.precipitation).filter((v): v is number => typeof v === 'number');
  const clouds = hours.map((r) => r.cloud_cover).filter((v): v is number => typeof v === 'number');
  const conditions = new Set(hours.map((r) => r.condition).filter((c): c is string => typeof c === 'string'));
  if (temps.length === 0 && rain.length === 0 && conditions.size === 0) return null;
  let condition: WeatherCondition = SEVERITY.find(([name]) => conditions.has(name))?.[1] ?? 'unknown';
  if (condition === 'unknown' && clouds.length > 0) {
    const cover = clouds.reduce((a, b) => a + b, 0) / clouds.length;
    condition = cover < 30 ? 'clear' : cover < 75 ? 'partly_cloudy' : 'cloudy';
  }
  return {
    day,
    temp_max_c: temps.length ? round1(Math.max(...temps)) : null,
    temp_min_c: temps.length ? round1(Math.min(...temps)) : null,
    precipitation_mm: rain.length ? round1(rain.reduce((a, b) => a + b, 0)) : null,
    condition,
    label: CONDITION_LABELS[condition],
    source: 'brightsky',
    attribution: ATTRIBUTION.brightsky,
  };
}

export async function fetchBrightSky(ctx: Pick<AppContext, 'config' | 'log'>, lat: number, lon: number, day: string): Promise<WeatherSummary | null> {
  const url = new URL(`${ctx.config.upstream.brightskyUrl.replace(/\/$/, '')}/weather`);
  url.search = new URLSearchParams({
    lat: String(lat),
    lon: String(lon),
    date: day,
    last_date: nextDay(day),
    tz: ctx.config.timeZone,
    units: 'dwd',
  }).toString();
  const body = await upstreamJsonAs(ctx, { upstream: 'brightsky', url, timeoutMs: ctx.config.upstream.weatherTimeoutMs }, BrightSkyResponse);
  return summariseBrightSky(body.weather, day);
}
