import type { AppContext } from '#core/context.js';
import type { WeatherStatus } from '#core/db/tables/diary.js';
import { gridKey, lookupWeather, toSave, type Place, type WeatherConsumer, type WeatherSave } from '../weather/index.js';
import { pendingWeatherMedia, setMediaWeather } from './media.repo.js';

/** Diary photos as consumers of historic weather: looked up at upload, the rest later by weather.fill-missing. */

export interface WeatherColumns {
  weather_status: WeatherStatus;
  weather_json: string | null;
  weather_attempts: number;
}

function columnsOf(result: WeatherSave): WeatherColumns {
  if (result.status === 'ok') return { weather_status: 'ok', weather_json: JSON.stringify(result.weather), weather_attempts: 0 };
  if (result.status === 'unavailable') return { weather_status: 'unavailable', weather_json: null, weather_attempts: 0 };
  return { weather_status: 'pending', weather_json: null, weather_attempts: result.attempts };
}

export const diaryWeatherConsumer: WeatherConsumer = {
  async pending(ctx, today, limit) {
    const rows = await pendingWeatherMedia(ctx.db, today, limit);
    return rows.flatMap((r) =>
      r.lat === null || r.lon === null || r.weather_day === null
        ? []
        : [{ id: r.id, lat: r.lat, lon: r.lon, day: r.weather_day, attempts: r.weather_attempts }],
    );
  },
  save: (ctx, id, result) => setMediaWeather(ctx.db, id, columnsOf(result)),
};

/**
 * For new photos, before their rows are written: one lookup per rounded place and day (in parallel, each within
 * the short timeout). A failing upstream gives 'pending' (weather.fill-missing tries again); it never fails the
 * upload. `null` places (no GPS) get 'none'.
 */
export async function weatherForNewPhotos(ctx: AppContext, places: (Place | null)[]): Promise<WeatherColumns[]> {
  const byKey = new Map<string, Promise<WeatherColumns>>();
  return Promise.all(
    places.map((place) => {
      if (!place) return { weather_status: 'none' as const, weather_json: null, weather_attempts: 0 };
      const k = gridKey(place);
      const key = `${k.lat_e2}:${k.lon_e2}:${k.day}`;
      let pending = byKey.get(key);
      if (!pending) {
        pending = lookupWeather(ctx, place).then((outcome) => columnsOf(toSave(outcome, 0)));
        byKey.set(key, pending);
      }
      return pending;
    }),
  );
}
