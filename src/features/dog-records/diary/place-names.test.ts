import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { makeJpeg } from '../../../../test/fakes/photos.js';
import { FakeNominatimServer } from '../../../../test/fakes/nominatim-server.js';
import { agentAs, buildDiaryEntry, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock, HOUR } from '#core/clock.js';
import { namePlacesJob } from './place-names.jobs.js';

/** Issue 29: the place name of a located photo is looked up after the upload's answer, and retried by the hourly job. */
const nominatim = new FakeNominatimServer();
const t = useTestApp(async () => {
  await nominatim.start();
  return { env: { NOMINATIM_URL: nominatim.url } };
});
afterAll(() => nominatim.stop());
beforeEach(() => {
  nominatim.release();
  nominatim.mode = 'ok';
  nominatim.requests = [];
});

const MUNICH = { lat: 48.1374, lon: 11.5755, takenAt: '2026:05:01 10:00:00' };
const placeOf = async (id: number) =>
  (await t.ctx.db.selectFrom('diary_entries').select('place_name').where('id', '=', id).executeTakeFirstOrThrow()).place_name;

/** A new entry with a photo taken at `at` (positions differ per test: named positions are cached). */
async function located(mode: typeof nominatim.mode, at = MUNICH) {
  const user = await buildUser(t.ctx);
  const dog = await buildDog(t.ctx, { user });
  const entry = await buildDiaryEntry(t.ctx, { dog, date: '2026-05-01' });
  nominatim.mode = mode;
  const res = await agentAs(t, user)
    .post(`/api/diary/${entry.id}/media`)
    .attach('files', await makeJpeg(at), 'platz.jpg');
  return { entry, res };
}

describe('place names after an upload', () => {
  it('the upload answers while Nominatim still holds its answer; the entry gets the name once it comes', async () => {
    // If the upload waited for the name, it could not answer before release(): this test would time out.
    const { entry, res } = await located('held');
    expect(res.status).toBe(201);
    expect(res.body.items[0].lat).toBeCloseTo(MUNICH.lat, 4);
    expect(await placeOf(entry.id)).toBeNull();
    // the lookup reaches Nominatim after the answer went out
    for (const deadline = Date.now() + 10_000; nominatim.requests.length === 0 && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 20));
    expect(nominatim.requests).toHaveLength(1);
    nominatim.release();
    await t.ctx.background.settled();
    expect(await placeOf(entry.id)).toBe('Marienplatz, München');
  });

  it('what failed is named by the hourly job, for entries changed in the last day only', async () => {
    const { entry } = await located('429', { ...MUNICH, lat: 48.2, lon: 11.6 });
    await t.ctx.background.settled();
    expect(await placeOf(entry.id)).toBeNull();

    nominatim.mode = 'ok';
    // a day and more later the entry is left alone (its position may have no name at all)
    expect(await namePlacesJob.run({ ...t.ctx, clock: fixedClock(new Date(Date.now() + 25 * HOUR)) })).toBe(0);
    expect(await placeOf(entry.id)).toBeNull();
    expect(await namePlacesJob.run({ ...t.ctx, clock: fixedClock(new Date(Date.now() + HOUR)) })).toBeGreaterThanOrEqual(1);
    expect(await placeOf(entry.id)).toBe('Marienplatz, München');
  });
});
