import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeJpeg } from '../../../../test/fakes/photos.js';
import { useAppWithWeatherFake } from '../../../../test/fakes/weather-server.js';
import { entryForUploads } from '../../../../test/helpers/diary-entry.js';
import { storedBytes } from '../../../../test/helpers/media.js';
import { fixedClock } from '#core/clock.js';

/**
 * The photo's facts as the app read them before shrinking (decisions, "Photos from the phone"): `lat`, `lon`,
 * `taken_at` fields beside each file, used only where the file itself says nothing.
 */
const clock = fixedClock('2026-11-21T10:00:00Z');
const w = useAppWithWeatherFake({ clock });
beforeEach(() => w.fake.reset('ok'));

const entry = () => entryForUploads(w.t);

/** What the browser sends after shrinking: a 2560 px JPEG without any metadata. */
const shrunk = () =>
  sharp({ create: { width: 2560, height: 1920, channels: 3, background: '#687', noise: { type: 'gaussian', mean: 110, sigma: 12 } } })
    .jpeg({ quality: 82 })
    .toBuffer();

describe('POST /api/diary/:entryId/media with the app\u2019s fields', () => {
  it('a JPEG without EXIF gets the fields\u2019 position, time and weather, and is kept as it is (no second encoding)', async () => {
    const { agent, entryId } = await entry();
    const photo = await shrunk();
    const res = await agent
      .post(`/api/diary/${entryId}/media`)
      .field('lat', '48.137412')
      .field('lon', '11.575523')
      .field('taken_at', '2025-06-14T12:30:00+02:00')
      .attach('files', photo, 'bello.jpg')
      .expect(201);
    const item = res.body.items[0];
    expect(item).toMatchObject({ width: 2560, height: 1920, taken_at: '2025-06-14T10:30:00.000Z', weather_status: 'ok' });
    expect(item.lat).toBeCloseTo(48.137412, 5);
    expect(item.lon).toBeCloseTo(11.575523, 5);
    expect(item.weather).toMatchObject({ day: '2025-06-14' });
    expect(Buffer.compare((await storedBytes(w.t.ctx, item.url)) ?? Buffer.alloc(0), photo)).toBe(0);
    expect((await agent.get(`/api/diary/${entryId}`).expect(200)).body.lat).toBeCloseTo(48.137412, 5);
  });

  it('a JPEG with EXIF keeps its own position and time against conflicting fields, and loses its EXIF', async () => {
    const { agent, entryId } = await entry();
    const res = await agent
      .post(`/api/diary/${entryId}/media`)
      .field('lat', '53.55')
      .field('lon', '9.99')
      .field('taken_at', '2024-01-01T08:00:00Z')
      .attach('files', await makeJpeg({ lat: 52.5163, lon: 13.3777, takenAt: '2025:06:14 12:30:00', width: 400, height: 300 }), 'tor.jpg')
      .expect(201);
    const item = res.body.items[0];
    expect([item.lat, item.lon].map((v: number) => Math.round(v * 1000))).toEqual([52516, 13378]);
    expect(item.taken_at).toBe('2025-06-14T10:30:00.000Z');
    expect((await sharp((await storedBytes(w.t.ctx, item.url)) as Buffer).metadata()).exif).toBeUndefined();
  });

  it('pairs the values with the files in order; an empty value is "none"', async () => {
    const { agent, entryId } = await entry();
    const res = await agent
      .post(`/api/diary/${entryId}/media`)
      .field('lat', '')
      .field('lat', '47.37')
      .field('lon', '')
      .field('lon', '8.54')
      .attach('files', await makeJpeg(), 'a.jpg')
      .attach('files', await makeJpeg(), 'b.jpg')
      .expect(201);
    expect(res.body.items.map((i: { lat: number | null }) => i.lat)).toEqual([null, 47.37]);
  });

  it.each([
    ['a latitude without a longitude', [['lat', '48.1']], 'lon'],
    [
      'a latitude past the pole',
      [
        ['lat', '91'],
        ['lon', '11'],
      ],
      'lat',
    ],
    [
      'two values for one file',
      [
        ['lat', '48.1'],
        ['lat', '48.2'],
        ['lon', '11'],
        ['lon', '11'],
      ],
      'lat',
    ],
    ['a time tomorrow', [['taken_at', '2026-11-23T10:00:00Z']], 'taken_at'],
    ['a time without a zone', [['taken_at', '2025-06-14T12:30:00']], 'taken_at'],
    ['an unknown field', [['caption', 'hallo']], null],
  ])('refuses %s with 400 and stores nothing', async (_name, fields, field) => {
    const { agent, entryId, files } = await entry();
    let req = agent.post(`/api/diary/${entryId}/media`);
    for (const [name, value] of fields as [string, string][]) req = req.field(name, value);
    const res = await req.attach('files', await makeJpeg(), 'a.jpg').expect(400);
    if (field) expect(res.body.error.fields[field]).toBeTruthy();
    expect(await files()).toEqual([]);
  });
});
