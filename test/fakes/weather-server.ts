import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeHttpServer } from './fake-http-server.js';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app.js';

/**
 * A fake of both historic-weather upstreams on 127.0.0.1: Bright Sky (`GET /weather`) and the Open-Meteo archive
 * (`GET /v1/archive`), with the shapes of upstreams.md §3. `mode` switches how it answers; `requests` logs
 * every request (path, query, headers) so tests can check what was sent and how often.
 */
export type WeatherFakeMode =
  | 'ok'
  | 'slow' // answers after `slowMs` (longer than the client's 5 s timeout by default)
  | '500'
  | 'garbage' // 200 with a body that is not JSON
  | 'wrong_shape' // 200 with JSON of another shape
  | 'not_found' // Bright Sky: 404 {"detail": "No sources match your criteria"}
  | 'nulls' // Open-Meteo: 200 with null values (data not yet available); Bright Sky: records without values
  | 'huge' // 200 with a body over 2 MB
  | 'redirect_elsewhere' // 302 to another host
  | 'redirect_same_host'; // 302 to the same path with ?hop=1, then answers normally

export interface LoggedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
}

export class FakeWeatherServer extends FakeHttpServer {
  mode: WeatherFakeMode = 'ok';
  slowMs = 6_000;
  readonly requests: LoggedRequest[] = [];

  reset(mode: WeatherFakeMode = 'ok'): void {
    this.mode = mode;
    this.requests.length = 0;
  }

  protected override handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers });
    const send = (status: number, body: string, headers: Record<string, string> = { 'Content-Type': 'application/json' }) => {
      res.writeHead(status, headers).end(body);
    };
    const answer = () => {
      switch (this.mode) {
        case '500':
          return send(500, JSON.stringify({ error: true, reason: 'Something went wrong.' }));
        case 'garbage':
          return send(200, '<html>Wartungsarbeiten{{', { 'Content-Type': 'text/html' });
        case 'wrong_shape':
          return send(200, JSON.stringify({ hello: 'world', daily: 'nope', weather: 42 }));
        case 'huge':
          return send(200, JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024 + 10) }));
        case 'redirect_elsewhere':
          return send(302, '', { Location: 'http://198.51.100.7/steal' });
        case 'redirect_same_host':
          if (!url.searchParams.has('hop')) return send(302, '', { Location: `${url.pathname}${url.search}&hop=1` });
          break;
        case 'not_found':
          if (url.pathname === '/weather') return send(404, JSON.stringify({ detail: 'No sources match your criteria' }));
          break;
        default:
          break;
      }
      if (url.pathname === '/weather') return send(200, JSON.stringify(this.#brightSky(url.searchParams)));
      if (url.pathname === '/v1/archive') return send(200, JSON.stringify(this.#openMeteo(url.searchParams)));
      return send(404, JSON.stringify({ detail: 'Not Found' }));
    };
    if (this.mode === 'slow') setTimeout(answer, this.slowMs).unref();
    else answer();
  }

  /** Hourly records for the day (local time, +02:00 as in summer) plus the next midnight, like the real API. */
  #brightSky(query: URLSearchParams) {
    const day = query.get('date') ?? '2025-06-14';
    const nulls = this.mode === 'nulls';
    const weather = Array.from({ length: 25 }, (_, hour) => {
      const date = hour === 24 ? nextDay(day) : day;
      const hh = String(hour % 24).padStart(2, '0');
      const rain = hour === 15 || hour === 16;
      return {
        timestamp: `${date}T${hh}:00:00+02:00`,
        source_id: 1234,
        temperature: nulls ? null : hour === 24 ? 30 : 10 + Math.round(11 * Math.sin((Math.PI * hour) / 24) * 10) / 10,
        precipitation: nulls ? null : rain ? 1.2 : 0,
        wind_speed: 7.2,
        cloud_cover: nulls ? null : 40,
        relative_humidity: 71,
        condition: nulls ? null : rain ? 'rain' : 'dry',
        icon: rain ? 'rain' : 'partly-cloudy-day',
        fallback_source_ids: {},
      };
    });
    return {
      weather,
      sources: [{ id: 1234, dwd_station_id: '03379', station_name: 'München-Stadt', observation_type: 'historical', lat: 48.16, lon: 11.54, distance: 3500 }],
    };
  }

  #openMeteo(query: URLSearchParams) {
    const day = query.get('start_date') ?? '2025-06-14';
    const nulls = this.mode === 'nulls';
    return {
      latitude: 48.14,
      longitude: 11.58,
      timezone: 'Europe/Berlin',
      daily_units: { time: 'iso8601', weather_code: 'wmo code', temperature_2m_max: '°C', temperature_2m_min: '°C', precipitation_sum: 'mm' },
      daily: {
        time: [day],
        weather_code: [nulls ? null : 61],
        temperature_2m_max: [nulls ? null : 24.3],
        temperature_2m_min: [nulls ? null : 13.1],
        precipitation_sum: [nulls ? null : 2.4],
      },
    };
  }
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * One test file's app wired to a weather fake: `const w = useAppWithWeatherFake(); … w.t.app, w.fake`.
 * The fake starts first because its port goes into the app's config (BRIGHTSKY_URL, OPEN_METEO_URL).
 */
export function useAppWithWeatherFake(options: TestAppOptions = {}) {
  const holder = { fake: new FakeWeatherServer() } as { fake: FakeWeatherServer; app?: TestApp };
  beforeAll(async () => {
    const url = await holder.fake.start();
    holder.app = await createTestApp({ ...options, env: { BRIGHTSKY_URL: url, OPEN_METEO_URL: url, ...options.env } });
  });
  afterAll(async () => {
    await holder.app?.close();
    await holder.fake.stop();
  });
  return {
    fake: holder.fake,
    get t(): TestApp {
      if (!holder.app) throw new Error('app not ready (use it inside a test)');
      return holder.app;
    },
  };
}
