import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeFormat, makeJpeg, PDF, pixelBombPng, SVG, TEXT, truncatedJpeg } from '../../../../test/fakes/photos.js';
import { useAppWithWeatherFake } from '../../../../test/fakes/weather-server.js';
import { entryForUploads } from '../../../../test/helpers/diary-entry.js';
import { agentAs, buildDiaryMedia, buildUser } from '../../../../test/helpers/factories.js';
import { isStored, storedBytes } from '../../../../test/helpers/media.js';
import { fixedClock } from '#core/clock.js';
import { stagingDir } from '#core/media/storage.js';
import { diaryWeatherConsumer } from './diary-weather.js';
import { fillMissingWeatherJob } from '../weather/index.js';

const clock = fixedClock('2026-11-21T10:00:00Z');
// A weather timeout of 300 ms: the 'slow' upstream (6 s) is given up on without waiting out the real 5 s.
const w = useAppWithWeatherFake({ clock, env: { WEATHER_TIMEOUT_MS: '300' } });
const MUNICH = { lat: 48.137412, lon: 11.575523, takenAt: '2025:06:14 12:30:00' };

beforeEach(() => w.fake.reset('ok'));

const entry = () => entryForUploads(w.t);

/** Uploads and encodes wait in the staging folder; after every request, good or bad, it is empty again. */
const staged = () => (existsSync(stagingDir(w.t.ctx.config)) ? readdirSync(stagingDir(w.t.ctx.config)) : []);
const bytesOf = async (url: string) => {
  const bytes = await storedBytes(w.t.ctx, url);
  if (!bytes) throw new Error(`not stored: ${url}`);
  return bytes;
};
const mediaCount = async (entryId: number) => (await w.t.ctx.db.selectFrom('diary_media').select('id').where('entry_id', '=', entryId).execute()).length;

describe('POST /api/diary/:entryId/media', () => {
  it('stores a re-encoded photo without metadata, a preview, the EXIF position and time, and the weather', async () => {
    const { agent, entryId } = await entry();
    const res = await agent
      .post(`/api/diary/${entryId}/media`)
      .attach('files', await makeJpeg({ ...MUNICH, width: 80, height: 60 }), 'bello.jpg')
      .expect(201);
    const item = res.body.items[0];
    expect(item).toMatchObject({ entry_id: entryId, width: 80, height: 60, taken_at: '2025-06-14T10:30:00.000Z', weather_status: 'ok' });
    expect(item.lat).toBeCloseTo(48.137412, 5);
    expect(item.lon).toBeCloseTo(11.575523, 5);
    expect(item.url).toMatch(/^\/media\/u\/\d+\/dogs\/\d+\/diary\/[A-Za-z0-9_-]{22}\.jpg$/);
    expect(item.preview_url).toBe(item.url.replace(/\.jpg$/, '_preview.webp'));
    // The summary itself is weather.test's business; here: the capture day's weather is stored with the photo.
    expect(item.weather).toMatchObject({ day: '2025-06-14', condition: 'rain', source: 'brightsky' });

    const stored = await sharp(await bytesOf(item.url)).metadata();
    expect(stored.format).toBe('jpeg');
    expect(stored.exif).toBeUndefined();
    expect((await sharp(await bytesOf(item.preview_url)).metadata()).format).toBe('webp');

    // The upstream got the rounded place (about 1 km), the capture day and our User-Agent.
    expect(w.fake.requests).toHaveLength(1);
    const sent = w.fake.requests[0];
    expect(sent?.path).toBe('/weather');
    expect(Object.fromEntries(sent?.query ?? [])).toMatchObject({ lat: '48.14', lon: '11.58', date: '2025-06-14', tz: 'Europe/Berlin' });
    expect(sent?.headers['user-agent']).toMatch(/^Pfotenbuch\//);

    const e = await agent.get(`/api/diary/${entryId}`).expect(200);
    expect(e.body.lat).toBeCloseTo(48.137412, 5);
    expect(e.body.media).toHaveLength(1);
    expect(staged()).toEqual([]);
  });

  it('takes a photo without GPS: no position, no weather, no upstream call', async () => {
    const { agent, entryId } = await entry();
    const res = await agent
      .post(`/api/diary/${entryId}/media`)
      .attach('files', await makeJpeg(), 'ohne-gps.jpg')
      .expect(201);
    expect(res.body.items[0]).toMatchObject({ lat: null, lon: null, taken_at: null, weather_status: 'none', weather: null });
    expect(w.fake.requests).toHaveLength(0);
  });

  it('takes several photos in one request and asks the upstream once per rounded place and day (then the cache)', async () => {
    const { agent, entryId } = await entry();
    const res = await agent
      .post(`/api/diary/${entryId}/media`)
      .attach('files', await makeJpeg({ lat: 47.371, lon: 8.541, takenAt: '2025:05:01 09:00:00' }), 'a.jpg')
      .attach('files', await makeJpeg({ lat: 47.372, lon: 8.542, takenAt: '2025:05:01 17:00:00' }), 'b.jpg')
      .attach('files', await makeFormat('webp'), 'c.webp')
      .expect(201);
    expect(res.body.items.map((i: { weather_status: string }) => i.weather_status)).toEqual(['ok', 'ok', 'none']);
    expect(w.fake.requests).toHaveLength(1);
    await agent
      .post(`/api/diary/${entryId}/media`)
      .attach('files', await makeJpeg({ lat: 47.3705, lon: 8.5405, takenAt: '2025:05:01 12:00:00' }), 'd.jpg')
      .expect(201);
    expect(w.fake.requests).toHaveLength(1);
    expect(await mediaCount(entryId)).toBe(4);
  });

  it.each([
    ['text file', async () => TEXT, 415],
    ['SVG', async () => SVG, 415],
    ['PDF', async () => PDF, 415],
    ['GIF', () => makeFormat('gif'), 415],
    ['TIFF', () => makeFormat('tiff'), 415],
    ['truncated JPEG', truncatedJpeg, 422],
    ['pixel bomb', async () => pixelBombPng(), 422],
  ])('refuses a %s with a clear %i and leaves no row and no file, even beside a good photo', async (_name, make, status) => {
    const { agent, entryId, files } = await entry();
    const res = await agent
      .post(`/api/diary/${entryId}/media`)
      .attach('files', await makeJpeg(MUNICH), 'gut.jpg')
      .attach('files', await make(), 'schlecht.jpg')
      .expect(status);
    expect(res.body.error.message).toContain('„schlecht.jpg“');
    expect(await mediaCount(entryId)).toBe(0);
    expect(await files()).toEqual([]);
    expect(staged()).toEqual([]);
  });

  it('answers 400 for no file, a text field, a wrong field name, too many files and a broken multipart body', async () => {
    const { agent, entryId, files } = await entry();
    const jpeg = await makeJpeg();
    expect((await agent.post(`/api/diary/${entryId}/media`).send({}).expect(400)).body.error.fields.files).toBeDefined();
    await agent.post(`/api/diary/${entryId}/media`).field('caption', 'hallo').attach('files', jpeg, 'a.jpg').expect(400);
    await agent.post(`/api/diary/${entryId}/media`).attach('photo', jpeg, 'a.jpg').expect(400);
    let many = agent.post(`/api/diary/${entryId}/media`);
    for (let i = 0; i < 11; i++) many = many.attach('files', jpeg, `${i}.jpg`);
    await many.expect(400);
    const broken = await agent
      .post(`/api/diary/${entryId}/media`)
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.jpg"\r\n\r\nabc')
      .expect(400);
    expect(broken.body.error.code).toBe('malformed_multipart');
    expect(await mediaCount(entryId)).toBe(0);
    expect(await files()).toEqual([]);
    expect(staged()).toEqual([]);
  });

  it('answers 413 for a body over 20 MB, declared or chunked', async () => {
    const { user, entryId, files } = await entry();
    const big = Buffer.alloc(21 * 1024 * 1024, 1);
    await agentAs(w.t, user).post(`/api/diary/${entryId}/media`).attach('files', big, 'gross.jpg').expect(413);

    // Chunked transfer has no Content-Length for the guard in front: the upload middleware counts itself.
    const server = w.t.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as AddressInfo;
    const cookie = `session=${w.t.ctx.sessions.createToken(user).token}`;
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/api/diary/${entryId}/media`,
          headers: { Cookie: cookie, 'Content-Type': 'multipart/form-data; boundary=b0undary', 'Transfer-Encoding': 'chunked' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      // Two files of 11 MB: each is under the per-file limit, together they are over 20 MB.
      const chunk = Buffer.alloc(1024 * 1024, 7);
      for (const name of ['a.jpg', 'b.jpg']) {
        req.write(`--b0undary\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`);
        for (let i = 0; i < 11; i++) req.write(chunk);
        req.write('\r\n');
      }
      req.end('--b0undary--\r\n');
    });
    server.close();
    expect(status).toBe(413);
    expect(await mediaCount(entryId)).toBe(0);
    expect(await files()).toEqual([]);
    expect(staged()).toEqual([]);
  });

  it("is 401 without a session, 403 for another user's entry, 404 for a missing one", async () => {
    const { entryId, files } = await entry();
    const jpeg = await makeJpeg();
    await request(w.t.app).post(`/api/diary/${entryId}/media`).attach('files', jpeg, 'a.jpg').expect(401);
    const stranger = agentAs(w.t, await buildUser(w.t.ctx));
    await stranger.post(`/api/diary/${entryId}/media`).attach('files', jpeg, 'a.jpg').expect(403);
    await stranger.post('/api/diary/999999/media').attach('files', jpeg, 'a.jpg').expect(404);
    expect(await files()).toEqual([]);
    expect(staged()).toEqual([]);
  });

  it('Free: refuses more than 10 photos on one entry with 422 naming Pro, whoever uploads', async () => {
    const { agent, entryId, dog } = await entry();
    for (let i = 0; i < 9; i++) await buildDiaryMedia(w.t.ctx, { entry: { id: entryId, dog_id: dog.id } });
    const jpeg = await makeJpeg();
    const res = await agent.post(`/api/diary/${entryId}/media`).attach('files', jpeg, 'a.jpg').attach('files', jpeg, 'b.jpg').expect(422);
    expect(res.body.error).toMatchObject({ code: 'too_many_photos', message: 'Mit Free hat ein Eintrag bis zu 10 Fotos. Mit Pro sind es bis zu 100.' });
    expect(await mediaCount(entryId)).toBe(9);
    await agent.post(`/api/diary/${entryId}/media`).attach('files', jpeg, 'a.jpg').expect(201);
    expect(staged()).toEqual([]);
  });

  it('Pro: refuses more than 100 photos on one entry with 422', async () => {
    const { agent, entryId, dog, user } = await entry();
    await w.t.ctx.db.updateTable('users').set({ subscription_tier: 'pro', is_premium: 1 }).where('id', '=', user.id).execute();
    for (let i = 0; i < 99; i++) await buildDiaryMedia(w.t.ctx, { entry: { id: entryId, dog_id: dog.id } });
    const jpeg = await makeJpeg();
    const res = await agent.post(`/api/diary/${entryId}/media`).attach('files', jpeg, 'a.jpg').attach('files', jpeg, 'b.jpg').expect(422);
    expect(res.body.error.code).toBe('too_many_photos');
    await agent.post(`/api/diary/${entryId}/media`).attach('files', jpeg, 'a.jpg').expect(201);
  });
});

describe('weather when the upstream fails', () => {
  it.each([
    ['slow', '2024:01:02 10:00:00'],
    ['500', '2024:02:02 10:00:00'],
    ['garbage', '2024:03:02 10:00:00'],
    ['wrong_shape', '2024:04:02 10:00:00'],
  ] as const)('saves the upload when the upstream is %s, and weather.fill-missing fills it later', async (mode, takenAt) => {
    const { agent, entryId } = await entry();
    w.fake.mode = mode;
    const res = await agent
      .post(`/api/diary/${entryId}/media`)
      .attach('files', await makeJpeg({ lat: 52.52, lon: 13.405, takenAt }), 'a.jpg')
      .expect(201);
    // The app says the service failed (weather_retrying) instead of "loading" for the two days of retries.
    expect(res.body.items[0]).toMatchObject({ weather_status: 'pending', weather: null, weather_retrying: true });
    const id = res.body.items[0].id as number;
    expect((await w.t.ctx.db.selectFrom('diary_media').select('weather_attempts').where('id', '=', id).executeTakeFirstOrThrow()).weather_attempts).toBe(1);

    w.fake.reset('ok');
    const filled = await fillMissingWeatherJob([diaryWeatherConsumer]).run(w.t.ctx);
    expect(filled).toBeGreaterThanOrEqual(1);
    const after = await agent.get(`/api/diary/${entryId}`).expect(200);
    expect(after.body.media[0]).toMatchObject({ weather_status: 'ok', weather: { source: 'brightsky', condition: 'rain' } });
  });

  it('marks a place without data (Bright Sky 404) as unavailable and never asks again', async () => {
    const { agent, entryId } = await entry();
    w.fake.mode = 'not_found';
    const res = await agent
      .post(`/api/diary/${entryId}/media`)
      .attach('files', await makeJpeg({ lat: -45.87, lon: 170.5, takenAt: '2024:03:03 10:00:00' }), 'nz.jpg')
      .expect(201);
    expect(res.body.items[0]).toMatchObject({ weather_status: 'unavailable', weather: null });
    w.fake.reset('ok');
    await fillMissingWeatherJob([diaryWeatherConsumer]).run(w.t.ctx);
    expect(w.fake.requests.filter((r) => r.query.get('lat') === '-45.87')).toHaveLength(0);
  });

  it('waits for a day that is not over before asking (photo taken today)', async () => {
    const { agent, entryId } = await entry();
    const res = await agent
      .post(`/api/diary/${entryId}/media`)
      .attach('files', await makeJpeg({ lat: 50.1, lon: 8.7, takenAt: '2026:11:21 09:00:00' }), 'heute.jpg')
      .expect(201);
    expect(res.body.items[0]).toMatchObject({ weather_status: 'pending', weather_retrying: false }); // nothing failed: just not yet
    expect(w.fake.requests).toHaveLength(0);
    clock.set('2026-11-22T10:00:00Z');
    try {
      await fillMissingWeatherJob([diaryWeatherConsumer]).run(w.t.ctx);
    } finally {
      clock.set('2026-11-21T10:00:00Z');
    }
    expect(w.fake.requests.map((r) => r.query.get('date'))).toContain('2026-11-21');
  });
});

describe('DELETE /api/diary/media/:mediaId', () => {
  it("deletes the row and both files and moves the entry's position to the next located photo", async () => {
    const { agent, entryId, files } = await entry();
    const res = await agent
      .post(`/api/diary/${entryId}/media`)
      .attach('files', await makeJpeg({ lat: 48.1, lon: 11.5 }), 'a.jpg')
      .attach('files', await makeJpeg({ lat: 53.55, lon: 9.99 }), 'b.jpg')
      .expect(201);
    const [first, second] = res.body.items as { id: number; url: string; preview_url: string }[];
    if (!first || !second) throw new Error('two items expected');
    expect(await files()).toHaveLength(4);
    await agentAs(w.t, await buildUser(w.t.ctx))
      .delete(`/api/diary/media/${first.id}`)
      .expect(403);
    await agent.delete('/api/diary/media/999999').expect(404);
    await agent.delete('/api/diary/media/abc').expect(400);
    await request(w.t.app).delete(`/api/diary/media/${first.id}`).expect(401);

    await agent.delete(`/api/diary/media/${first.id}`).expect(204);
    expect((await isStored(w.t.ctx, first.url)) || (await isStored(w.t.ctx, first.preview_url))).toBe(false);
    expect(await isStored(w.t.ctx, second.url)).toBe(true);
    expect(await isStored(w.t.ctx, second.preview_url)).toBe(true);
    const e = await agent.get(`/api/diary/${entryId}`).expect(200);
    expect(e.body.media.map((m: { id: number }) => m.id)).toEqual([second.id]);
    expect(e.body.lat).toBeCloseTo(53.55, 5);
    await agent.delete(`/api/diary/media/${second.id}`).expect(204);
    expect((await agent.get(`/api/diary/${entryId}`).expect(200)).body.lat).toBeNull();
    expect(await files()).toEqual([]);
  });
});
