import request from 'supertest';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { cellAt, FakeWeatherAlertsServer, heatAlert } from '../../../../test/fakes/weather-alerts-server.js';
import { agentAs, buildUser, type BuiltUser } from '../../../../test/helpers/factories.js';
import { memoryTransport } from '../../../../test/helpers/memory-mail.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';
import { createContext } from '#platform/create-context.js';
import { openDb } from '#core/db/index.js';
import { createLogger } from '#core/logger.js';
import { runWeatherAlerts } from './walk-weather.job.js';
import { kindOfEvent } from './walk-weather.types.js';

/**
 * Walk weather (issue 52) against a fake Bright Sky on 127.0.0.1: the job asks once per warn cell, stores the list,
 * pushes once per warning and user; the API tells ok, stale and unreachable apart. Each test starts with no home
 * areas but its own (the job walks every user), so request counts are the test's own.
 */
const fake = new FakeWeatherAlertsServer();
await fake.start();
afterAll(() => fake.stop());
// 12:00 in Berlin (summer time): outside the default quiet hours.
const clock = fixedClock('2026-07-01T10:00:00Z');
const t = useTestApp({ clock, env: { WEATHER_ALERTS_URL: fake.url, WEATHER_TIMEOUT_MS: '300' } });

const BERLIN = { lat: 52.52, lon: 13.4 };
const BERLIN_NEIGHBOUR = { lat: 52.55, lon: 13.43 }; // another 0.01° place, the same (fake) warn cell
const MUNICH = { lat: 48.14, lon: 11.58 };

beforeEach(async () => {
  fake.reset();
  clock.set('2026-07-01T10:00:00Z');
  await t.ctx.db.updateTable('users').set({ lat: null, lon: null }).execute();
  await t.ctx.db.deleteFrom('weather_places').execute();
  await t.ctx.db.deleteFrom('weather_cell_alerts').execute();
});

const home = (where: { lat: number; lon: number }) => buildUser(t.ctx, where);
const walkWeather = async (user: BuiltUser) => (await agentAs(t, user).get('/api/me/walk-weather').expect(200)).body;
const weatherNotes = (user: BuiltUser) =>
  t.ctx.db.selectFrom('notifications').select(['title', 'body', 'dedupe_key']).where('user_id', '=', user.id).where('type', '=', 'weather_alert').execute();

describe('GET /api/me/walk-weather', () => {
  it('401 without a session', async () => {
    await request(t.app).get('/api/me/walk-weather').expect(401);
  });

  it('says so when the user has no home area, and asks nobody', async () => {
    const body = await walkWeather(await buildUser(t.ctx));
    expect(body).toMatchObject({ alerts: [], home_area: false, status: 'ok', source: 'Deutscher Wetterdienst' });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('the weather.alerts job', () => {
  it('shows a heat warning for the user’s cell with the dog hint, pushes it once, and not to a user outside the cell', async () => {
    const inCell = await home(BERLIN);
    const outside = await home(MUNICH);
    const warning = heatAlert();
    fake.alerts.set(cellAt(BERLIN.lat, BERLIN.lon)!, [warning, heatAlert({ status: 'test', alert_id: 'drill' })]);

    const first = await runWeatherAlerts(t.ctx);
    expect(first).toMatchObject({ requests: 2, failed: 0, pushed: 1 });
    // The first run places each home area by position (its cell's list comes with it).
    expect(fake.requests.map((q) => q.has('lat'))).toEqual([true, true]);

    const body = await walkWeather(inCell);
    expect(body.status).toBe('ok');
    expect(body.checked_at).toBe('2026-07-01T10:00:00.000Z');
    expect(body.alerts).toHaveLength(1); // the DWD's drill (status test) is left out
    expect(body.alerts[0]).toMatchObject({
      id: warning.alert_id,
      event: 'STARKE HITZE',
      kind: 'heat',
      severity: 'moderate',
      headline: 'Amtliche WARNUNG vor HITZE',
    });
    expect(body.alerts[0].hint).toContain('Asphalt kann über 50 °C heiß werden');
    expect(body.source).toBe('Deutscher Wetterdienst');
    expect((await walkWeather(outside)).alerts).toEqual([]);

    const notes = await weatherNotes(inCell);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.title).toBe('Amtliche WARNUNG vor HITZE');
    expect(notes[0]!.body).toContain('Quelle: Deutscher Wetterdienst');
    expect(await weatherNotes(outside)).toEqual([]);

    // The next run: one request per cell, by its id, and no second push.
    fake.requests.length = 0;
    clock.advance(15 * 60_000);
    const second = await runWeatherAlerts(t.ctx);
    expect(second).toMatchObject({ requests: 2, pushed: 0 });
    expect(fake.requests.every((q) => q.has('warn_cell_id'))).toBe(true);
    expect(await weatherNotes(inCell)).toHaveLength(1);
  });

  it('asks a cell once however many home areas lie in it', async () => {
    const a = await home(BERLIN);
    const b = await home(BERLIN_NEIGHBOUR);
    await home(BERLIN); // a third user on the same place
    fake.alerts.set(cellAt(BERLIN.lat, BERLIN.lon)!, [heatAlert()]);
    expect((await runWeatherAlerts(t.ctx)).requests).toBe(2); // two places, found to share one cell
    fake.requests.length = 0;
    const again = await runWeatherAlerts(t.ctx);
    expect(again).toMatchObject({ requests: 1, pushed: 0 });
    expect(await weatherNotes(a)).toHaveLength(1);
    expect(await weatherNotes(b)).toHaveLength(1);
    // Someone moves into the cell while the warning holds: told once, the others not again.
    const newcomer = await home({ lat: 52.58, lon: 13.45 });
    expect((await runWeatherAlerts(t.ctx)).pushed).toBe(1);
    expect(await weatherNotes(newcomer)).toHaveLength(1);
    expect(await weatherNotes(a)).toHaveLength(1);
  });

  it('shows minor and expired warnings honestly: minor shown but not pushed, expired left out', async () => {
    const user = await home(BERLIN);
    fake.alerts.set(cellAt(BERLIN.lat, BERLIN.lon)!, [
      heatAlert({ severity: 'minor', event_de: 'FROST', event_en: 'frost', headline_de: 'Amtliche WARNUNG vor FROST' }),
      heatAlert({ expires: '2026-07-01T09:00:00Z' }),
    ]);
    expect((await runWeatherAlerts(t.ctx)).pushed).toBe(0);
    const body = await walkWeather(user);
    expect(body.alerts.map((a: { kind: string }) => a.kind)).toEqual(['frost']);
    expect(await weatherNotes(user)).toEqual([]);
  });

  it('an upstream 500 or timeout gives unreachable with no list, and the last good list as stale', async () => {
    const fresh = await home(MUNICH);
    fake.mode = '500';
    expect(await walkWeather(fresh)).toMatchObject({ status: 'unreachable', alerts: [] });
    fake.mode = 'slow';
    fake.slowMs = 1_000; // over the 300 ms of WEATHER_TIMEOUT_MS in this file
    expect(await walkWeather(fresh)).toMatchObject({ status: 'unreachable', alerts: [] });

    const user = await home(BERLIN);
    fake.mode = 'ok';
    fake.alerts.set(cellAt(BERLIN.lat, BERLIN.lon)!, [heatAlert()]);
    await runWeatherAlerts(t.ctx);
    expect((await walkWeather(user)).status).toBe('ok');
    clock.advance(15 * 60_000);
    fake.mode = '500';
    const failing = await runWeatherAlerts(t.ctx);
    expect(failing.failed).toBeGreaterThan(0);
    const stale = await walkWeather(user);
    expect(stale).toMatchObject({ status: 'stale', checked_at: '2026-07-01T10:00:00.000Z' });
    expect(stale.alerts).toHaveLength(1);
    // Back again: fresh.
    fake.mode = 'ok';
    clock.advance(15 * 60_000);
    await runWeatherAlerts(t.ctx);
    expect((await walkWeather(user)).status).toBe('ok');
  });

  it('stops a run after five failures in a row and marks the cells it skipped as failed', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, (_, i) => home({ lat: 50 + i * 0.2, lon: 8 })));
    await runWeatherAlerts(t.ctx);
    fake.requests.length = 0;
    fake.mode = '500';
    const run = await runWeatherAlerts(t.ctx);
    expect(run.requests).toBeLessThan(8 + 4); // 5 failures stop the lanes (4 may be in flight)
    for (const u of users) expect((await walkWeather(u)).status).toBe('stale');
  });

  it('quiet hours hold the push; the in-app row is written at once', async () => {
    clock.set('2026-07-01T21:30:00Z'); // 23:30 in Berlin
    const user = await home(BERLIN);
    await t.ctx.db
      .insertInto('push_subscriptions')
      .values({
        user_id: user.id,
        endpoint: 'https://push.example/held',
        p256dh: 'x',
        auth: 'y',
        created_at: '2026-07-01T00:00:00Z',
        updated_at: '2026-07-01T00:00:00Z',
      })
      .execute();
    fake.alerts.set(cellAt(BERLIN.lat, BERLIN.lon)!, [heatAlert({ expires: '2026-07-02T19:00:00+02:00' })]);
    await runWeatherAlerts(t.ctx);
    expect(await weatherNotes(user)).toHaveLength(1);
    const deliveries = await t.ctx.db
      .selectFrom('push_deliveries as d')
      .innerJoin('push_subscriptions as s', 's.id', 'd.subscription_id')
      .select('d.next_attempt_at')
      .where('s.user_id', '=', user.id)
      .execute();
    expect(deliveries).toEqual([{ next_attempt_at: '2026-07-02T05:00:00.000Z' }]); // 07:00 in Berlin
  });

  it('two instances running the job at once send one push per user and warning', async () => {
    const users = await Promise.all([home(BERLIN), home(BERLIN_NEIGHBOUR), home({ lat: 52.4, lon: 13.1 })]);
    fake.alerts.set(cellAt(BERLIN.lat, BERLIN.lon)!, [
      heatAlert(),
      heatAlert({ event_de: 'SCHWERES GEWITTER', event_en: 'heavy thunderstorm', severity: 'severe' }),
    ]);
    fake.alerts.set(cellAt(52.4, 13.1)!, [heatAlert()]);
    const config = t.ctx.config;
    const dbHandle = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const other = createContext({ config, dbHandle, log: createLogger('silent'), clock, mailTransport: memoryTransport() });
    try {
      const [a, b] = await Promise.all([runWeatherAlerts(t.ctx), runWeatherAlerts(other)]);
      expect(a.pushed + b.pushed).toBe(5);
    } finally {
      await dbHandle.close();
    }
    expect((await weatherNotes(users[0]!)).length).toBe(2);
    expect((await weatherNotes(users[1]!)).length).toBe(2);
    expect((await weatherNotes(users[2]!)).length).toBe(1);
  });
});

describe('what a DWD event means for the walk', () => {
  it('reads the kind from the German event label', () => {
    expect(kindOfEvent('STARKE HITZE', 'strong heat')).toBe('heat');
    expect(kindOfEvent('EXTREME HITZE', null)).toBe('heat');
    expect(kindOfEvent('SCHWERES GEWITTER mit ORKANBÖEN', null)).toBe('thunderstorm');
    expect(kindOfEvent('STURMBÖEN', 'gale-force gusts')).toBe('storm');
    expect(kindOfEvent('GLÄTTE', 'icy surfaces')).toBe('ice');
    expect(kindOfEvent('GLATTEIS', null)).toBe('ice');
    expect(kindOfEvent('STRENGER FROST', null)).toBe('frost');
    expect(kindOfEvent('DAUERREGEN', 'persistent rain')).toBe('other');
    expect(kindOfEvent(null, 'heavy thunderstorms')).toBe('thunderstorm');
  });
});
