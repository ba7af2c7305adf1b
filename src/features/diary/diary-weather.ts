import type { AppContext } from '../../core/context.js';
import { gridKey, lookupWeather, toSave, type WeatherConsumer, type WeatherSave } from '../weather/index.js';
import type { MediaRow } from './media.repo.js';

/** Diary photos as consumers of historic weather: looked up at upload, the rest later by weather.fill-missing. */

async function saveWeather(ctx: AppContext, id: number, result: WeatherSave): Promise<void> {
  await ctx.db
    .updateTable('diary_media')
    .set(
      result.status === 'ok'
        ? { weather_status: 'ok', weather_json: JSON.stringify(result.weather) }
        : result.status === 'unavailable'
          ? { weather_status: 'unavailable', weather_json: null }
          : { weather_status: 'pending', weather_attempts: result.attempts },
    )
    .where('id', '=', id)
    .execute();
}

export const diaryWeatherConsumer: WeatherConsumer = {
  async pending(ctx, today, limit) {
    const rows = await ctx.db
      .selectFrom('diary_media')
      .select(['id', 'lat', 'lon', 'weather_day', 'weather_attempts'])
      .where('weather_status', '=', 'pending')
      .where('weather_day', '<', today)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.flatMap((r) =>
      r.lat === null || r.lon === null || r.weather_day === null ? [] : [{ id: r.id, lat: r.lat, lon: r.lon, day: r.weather_day, attempts: r.weather_attempts }],
    );
  },
  save: saveWeather,
};

/**
 * Right after an upload: one lookup per rounded place and day (in parallel, each within the short timeout),
 * stored on the new rows. A failing upstream leaves them 'pending'; the upload has already succeeded.
 */
export async function weatherForNewMedia(ctx: AppContext, rows: (MediaRow & { weather_day: string | null })[]): Promise<void> {
  const groups = new Map<string, { place: { lat: number; lon: number; day: string }; ids: number[] }>();
  for (const row of rows) {
    if (row.lat === null || row.lon === null || row.weather_day === null) continue;
    const place = { lat: row.lat, lon: row.lon, day: row.weather_day };
    const k = gridKey(place);
    const key = `${k.lat_e2}:${k.lon_e2}:${k.day}`;
    const group = groups.get(key) ?? { place, ids: [] };
    group.ids.push(row.id);
    groups.set(key, group);
  }
  await Promise.all(
    [...groups.values()].map(async ({ place, ids }) => {
      const outcome = await lookupWeather(ctx, place);
      for (const id of ids) await saveWeather(ctx, id, toSave(outcome, 0));
    }),
  );
}
