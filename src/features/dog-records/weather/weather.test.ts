import { beforeEach, describe, expect, it } from 'vitest';
import { useAppWithWeatherFake } from '../../../../test/fakes/weather-server.js';
import { fixedClock } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { summariseBrightSky } from './brightsky.client.js';
import { conditionFromWmo } from './open-meteo.client.js';
import { fillMissingWeatherJob, MAX_WEATHER_ATTEMPTS, type WeatherConsumer, type WeatherSave, type WeatherTarget } from './weather.jobs.js';
import { lookupWeather } from './weather.service.js';

const clock = fixedClock('2026-11-21T10:00:00Z');
const bright = useAppWithWeatherFake({ clock });
const meteo = useAppWithWeatherFake({ clock, env: { WEATHER_PROVIDER: 'open-meteo' } });

beforeEach(() => {
  bright.fake.reset('ok');
  meteo.fake.reset('ok');
});

describe('lookupWeather with Bright Sky (default)', () => {
  it('sums up the hourly records of the local day and caches per rounded place and day', async () => {
    const ctx = bright.t.ctx;
    const outcome = await lookupWeather(ctx, { lat: 48.13741, lon: 11.57552, day: '2025-06-14' });
    expect(outcome).toEqual({
      status: 'ok',
      weather: {
        day: '2025-06-14',
        temp_max_c: 21,
        temp_min_c: 10,
        precipitation_mm: 2.4,
        condition: 'rain',
        label: 'Regen',
        source: 'brightsky',
        attribution: 'Datenbasis: Deutscher Wetterdienst (über Bright Sky)',
      },
    });
    expect(Object.fromEntries(bright.fake.requests[0]?.query ?? [])).toEqual({
      lat: '48.14',
      lon: '11.58',
      date: '2025-06-14',
      last_date: '2025-06-15',
      tz: 'Europe/Berlin',
      units: 'dwd',
    });
    // 300 m away, same day: the cache answers. Another day: the upstream again.
    await lookupWeather(ctx, { lat: 48.1399, lon: 11.5771, day: '2025-06-14' });
    expect(bright.fake.requests).toHaveLength(1);
    await lookupWeather(ctx, { lat: 48.1399, lon: 11.5771, day: '2025-06-15' });
    expect(bright.fake.requests).toHaveLength(2);
    const cached = await ctx.db.selectFrom('weather_cache').select(['provider', 'lat_e2', 'lon_e2', 'day']).orderBy('day').execute();
    expect(cached).toEqual([
      { provider: 'brightsky', lat_e2: 4814, lon_e2: 1158, day: '2025-06-14' },
      { provider: 'brightsky', lat_e2: 4814, lon_e2: 1158, day: '2025-06-15' },
    ]);
  });

  it('tells a permanent gap (404) from a passing failure, and caches neither', async () => {
    const ctx = bright.t.ctx;
    bright.fake.mode = 'not_found';
    expect(await lookupWeather(ctx, { lat: -45.87, lon: 170.5, day: '2025-01-01' })).toEqual({ status: 'unavailable' });
    for (const mode of ['500', 'garbage', 'wrong_shape', 'nulls'] as const) {
      bright.fake.reset(mode);
      expect(await lookupWeather(ctx, { lat: 50.94, lon: 6.96, day: '2025-02-02' })).toEqual({ status: 'retry', upstreamFailed: true });
    }
    expect(await ctx.db.selectFrom('weather_cache').select('id').where('day', 'in', ['2025-01-01', '2025-02-02']).execute()).toEqual([]);
  });

  it('does not ask for today or a future day', async () => {
    expect(await lookupWeather(bright.t.ctx, { lat: 50, lon: 8, day: '2026-11-21' })).toEqual({ status: 'retry', upstreamFailed: false });
    expect(bright.fake.requests).toHaveLength(0);
  });

  it('derives the condition from clouds on a dry day', () => {
    const dry = (cloud: number) =>
      summariseBrightSky([{ timestamp: '2025-06-14T12:00:00+02:00', temperature: 20, precipitation: 0, cloud_cover: cloud, condition: 'dry' }], '2025-06-14')
        ?.condition;
    expect([dry(10), dry(50), dry(90)]).toEqual(['clear', 'partly_cloudy', 'cloudy']);
    expect(summariseBrightSky([{ timestamp: '2025-06-15T00:00:00+02:00', temperature: 30 }], '2025-06-14')).toBeNull();
  });
});

describe('lookupWeather with Open-Meteo (configured)', () => {
  it('reads the daily values and maps the WMO code', async () => {
    const outcome = await lookupWeather(meteo.t.ctx, { lat: 48.137, lon: 11.575, day: '2025-06-14' });
    expect(outcome).toMatchObject({
      status: 'ok',
      weather: {
        temp_max_c: 24.3,
        temp_min_c: 13.1,
        precipitation_mm: 2.4,
        condition: 'rain',
        source: 'open-meteo',
        attribution: 'Wetterdaten von Open-Meteo.com',
      },
    });
    const sent = meteo.fake.requests[0];
    expect(sent?.path).toBe('/v1/archive');
    expect(Object.fromEntries(sent?.query ?? [])).toMatchObject({
      latitude: '48.14',
      longitude: '11.58',
      start_date: '2025-06-14',
      end_date: '2025-06-14',
      timezone: 'Europe/Berlin',
    });
    expect(bright.fake.requests).toHaveLength(0);
  });

  it('treats null values (not published yet) as retry and maps codes', async () => {
    meteo.fake.mode = 'nulls';
    expect(await lookupWeather(meteo.t.ctx, { lat: 51, lon: 7, day: '2026-11-19' })).toEqual({ status: 'retry', upstreamFailed: true });
    expect([0, 2, 3, 45, 53, 63, 81, 75, 86, 95, 99, 7].map(conditionFromWmo)).toEqual([
      'clear',
      'partly_cloudy',
      'cloudy',
      'fog',
      'drizzle',
      'rain',
      'rain',
      'snow',
      'snow',
      'thunderstorm',
      'hail',
      'unknown',
    ]);
  });
});

/** A consumer over an in-memory list, to test the job's rules apart from the diary. */
function memoryConsumer(targets: WeatherTarget[]) {
  const saved = new Map<number, WeatherSave>();
  const consumer: WeatherConsumer = {
    async pending(_ctx: AppContext, today: string, limit: number) {
      return targets.filter((t) => t.day < today && (saved.get(t.id)?.status ?? 'pending') === 'pending').slice(0, limit);
    },
    async save(_ctx, id, result) {
      saved.set(id, result);
      const target = targets.find((t) => t.id === id);
      if (target && result.status === 'pending') target.attempts = result.attempts;
    },
  };
  return { consumer, saved };
}

describe('weather.fill-missing', () => {
  it('fills what it can and counts the attempts of the rest', async () => {
    const { consumer, saved } = memoryConsumer([
      { id: 1, lat: 52.5, lon: 13.4, day: '2025-03-01', attempts: 0 },
      { id: 2, lat: 52.5, lon: 13.4, day: '2026-11-21', attempts: 0 }, // today: not yet
    ]);
    expect(await fillMissingWeatherJob([consumer]).run(bright.t.ctx)).toBe(1);
    expect(saved.get(1)?.status).toBe('ok');
    expect(saved.has(2)).toBe(false);
  });

  it('pauses after three upstream failures in a row, and gives up on a record after the maximum of attempts', async () => {
    bright.fake.mode = '500';
    const targets = Array.from({ length: 6 }, (_, i) => ({ id: i + 1, lat: 40 + i, lon: 10, day: '2025-04-01', attempts: 0 }));
    const { consumer, saved } = memoryConsumer(targets);
    expect(await fillMissingWeatherJob([consumer]).run(bright.t.ctx)).toBe(0);
    expect(bright.fake.requests).toHaveLength(3);
    expect(saved.get(1)).toEqual({ status: 'pending', attempts: 1 });
    expect(saved.has(4)).toBe(false);

    const last = memoryConsumer([{ id: 9, lat: 47, lon: 9, day: '2025-04-02', attempts: MAX_WEATHER_ATTEMPTS - 1 }]);
    await fillMissingWeatherJob([last.consumer]).run(bright.t.ctx);
    expect(last.saved.get(9)).toEqual({ status: 'unavailable' });
  });
});
