import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { makeJpeg } from '../../../../test/fakes/photos.js';
import { FakeNominatimServer } from '../../../../test/fakes/nominatim-server.js';
import { FakeWeatherServer } from '../../../../test/fakes/weather-server.js';
import { agentAs, buildDiaryEntry, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { endTurn, nextTurnAt } from '#core/upstream/slots.repo.js';
import { placeNameAt, shortName } from './reverse-geocode.js';

const nominatim = new FakeNominatimServer();
const weather = new FakeWeatherServer();
await nominatim.start();
const weatherUrl = await weather.start();
afterAll(async () => {
  await nominatim.stop();
  await weather.stop();
});
const t = useTestApp({ env: { NOMINATIM_URL: nominatim.url, NOMINATIM_TIMEOUT_MS: '300', BRIGHTSKY_URL: weatherUrl, OPEN_METEO_URL: weatherUrl } });

let spot = 0;
/** A new position each time (48.1…, 11.5…), so the cache never answers unless a test wants it to. */
const nextPosition = () => ({ lat: 48.1 + ++spot * 0.01, lon: 11.5 + spot * 0.01 });
/**
 * The next test's lookup may go at once: the pace (one lookup a second, slots.ts) is tested where it matters, and
 * between tests it would only be waited out in real time.
 */
async function nextTurnNow(): Promise<void> {
  const held = await nextTurnAt(t.ctx.db, 'nominatim');
  if (held !== undefined) await endTurn(t.ctx.db, 'nominatim', held, Date.now());
}

beforeEach(() => {
  nominatim.mode = 'ok';
  nominatim.requests = [];
});

describe('reverse geocoding', () => {
  it('names the place of a located diary entry after its photo upload, with the app’s User-Agent, in German', async () => {
    const user = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user });
    const entry = await buildDiaryEntry(t.ctx, { dog, date: '2026-05-01', text: 'Am Platz' });
    const at = nextPosition();
    await agentAs(t, user)
      .post(`/api/diary/${entry.id}/media`)
      .attach('files', await makeJpeg({ ...at, takenAt: '2026:05:01 10:00:00' }), 'a.jpg')
      .expect(201);
    await t.ctx.background.settled(); // the lookup runs after the answer
    const saved = (await agentAs(t, user).get(`/api/diary/${entry.id}`).expect(200)).body;
    expect(saved.place_name).toBe('Marienplatz, München');
    expect(nominatim.requests).toHaveLength(1);
    const [req] = nominatim.requests;
    expect(req?.userAgent).toMatch(/^Pfotenbuch\//);
    expect(req?.query.get('format')).toBe('jsonv2');
    expect(req?.query.get('accept-language')).toBe('de');
    expect(req?.query.get('lat')).toBe(at.lat.toFixed(4));
    await nextTurnNow();
  });

  it('asks once per rounded position (the cache answers, also "Unable to geocode"), never faster than once a second', async () => {
    const at = nextPosition();
    expect(await placeNameAt(t.ctx, at.lat, at.lon)).toBe('Marienplatz, München');
    expect(await placeNameAt(t.ctx, at.lat + 0.00001, at.lon)).toBe('Marienplatz, München');
    expect(nominatim.requests).toHaveLength(1);
    nominatim.mode = 'unknown';
    const sea = nextPosition();
    expect(await placeNameAt(t.ctx, sea.lat, sea.lon)).toBeNull();
    expect(await placeNameAt(t.ctx, sea.lat, sea.lon)).toBeNull();
    expect(nominatim.requests).toHaveLength(2);
    const [first, second] = nominatim.requests;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
    // A burst: the third lookup within a second and a half gives up instead of queueing.
    const burst = [nextPosition(), nextPosition(), nextPosition()];
    const names = await Promise.all(burst.map((p) => placeNameAt(t.ctx, p.lat, p.lon)));
    expect(names.filter((n) => n === null).length).toBeGreaterThanOrEqual(1);
    await nextTurnNow();
  });

  it('saves the entry without a name when the service refuses (403, 429) or hangs, and asks again next time', async () => {
    for (const mode of ['403', '429', 'hang'] as const) {
      nominatim.mode = mode;
      const at = nextPosition();
      expect(await placeNameAt(t.ctx, at.lat, at.lon), mode).toBeNull();
      await nextTurnNow();
      nominatim.mode = 'ok';
      expect(await placeNameAt(t.ctx, at.lat, at.lon), mode).toBe('Marienplatz, München');
      await nextTurnNow();
    }
  });

  it('is off without NOMINATIM_URL', async () => {
    const at = nextPosition();
    const off = { ...t.ctx, config: { ...t.ctx.config, upstream: { ...t.ctx.config.upstream, nominatimUrl: '' } } };
    expect(await placeNameAt(off, at.lat, at.lon)).toBeNull();
    expect(nominatim.requests).toHaveLength(0);
  });

  it('shortens the answer to the place and the town', () => {
    expect(shortName({ name: 'Hofgarten', address: { park: 'Hofgarten', city: 'München' } })).toBe('Hofgarten, München');
    expect(shortName({ address: { road: 'Dorfstraße', village: 'Kleinhausen' } })).toBe('Dorfstraße, Kleinhausen');
    expect(shortName({ address: { city: 'Berlin' } })).toBe('Berlin');
    expect(shortName({ display_name: 'Irgendwo, Land' })).toBe('Irgendwo, Land');
    expect(shortName({})).toBeNull();
  });
});
