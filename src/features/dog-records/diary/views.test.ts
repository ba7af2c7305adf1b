import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildDiaryEntry, buildDiaryMedia, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';

const clock = fixedClock('2026-11-21T10:00:00Z');
const t = useTestApp({ clock });

/** Entries with positions set directly (uploads with GPS would call the weather upstream). */
async function seed() {
  const user = await buildUser(t.ctx);
  const agent = agentAs(t, user);
  const bello = await buildDog(t.ctx, { user, name: 'Bello' });
  const luna = await buildDog(t.ctx, { user, name: 'Luna' });
  const add = async (dogId: number, date: string, extra: { lat?: number; lon?: number; mood?: string } = {}) =>
    (await buildDiaryEntry(t.ctx, { dog_id: dogId, date, text: date, ...extra })).id;
  const ids = {
    a: await add(bello.id, '2026-11-21', { lat: 48.13701, lon: 11.57501, mood: 'happy' }),
    b: await add(bello.id, '2026-11-20', { lat: 48.13702, lon: 11.57502, mood: 'happy' }),
    c: await add(bello.id, '2026-11-19', { mood: 'tired' }),
    d: await add(bello.id, '2026-11-10', { lat: 53.5511, lon: 9.9937 }),
    e: await add(bello.id, '2026-10-31'),
    f: await add(bello.id, '2025-03-01'),
    g: await add(luna.id, '2026-11-20', { lat: 52.52, lon: 13.405 }),
  };
  return { user, agent, bello, luna, ids };
}

/** `count` photo rows on an entry (no files: the views read rows only). */
async function photos(entryId: number, dogId: number, count: number) {
  const media = [];
  for (let i = 0; i < count; i++) media.push(await buildDiaryMedia(t.ctx, { entry: { id: entryId, dog_id: dogId } }));
  return media;
}

describe('GET /api/diary/stats', () => {
  it("counts one dog's diary or all of the user's dogs", async () => {
    const { agent, bello, ids } = await seed();
    await photos(ids.a, bello.id, 2);
    const one = await agent.get(`/api/diary/stats?dog_id=${bello.id}`).expect(200);
    expect(one.body).toEqual({
      entries: 6,
      photos: 2,
      located_photos: 0,
      places: 2,
      first_date: '2025-03-01',
      last_date: '2026-11-21',
      entries_this_month: 4,
      entries_this_year: 5,
      streak_days: 3,
      moods: { happy: 2, tired: 1 },
    });
    const all = await agent.get('/api/diary/stats').expect(200);
    expect(all.body).toMatchObject({ entries: 7, places: 3, entries_this_month: 5 });
  });

  it('is 401 without a session, 403/404 for a dog_id not the user’s, and zeros without dogs', async () => {
    const { bello } = await seed();
    await request(t.app).get('/api/diary/stats').expect(401);
    const stranger = agentAs(t, await buildUser(t.ctx));
    await stranger.get(`/api/diary/stats?dog_id=${bello.id}`).expect(403);
    await stranger.get('/api/diary/stats?dog_id=999999').expect(404);
    await stranger.get('/api/diary/stats?dog_id=abc').expect(400);
    expect((await stranger.get('/api/diary/stats').expect(200)).body).toMatchObject({ entries: 0, first_date: null, streak_days: 0 });
  });
});

describe('GET /api/diary/calendar', () => {
  it('lists the days of the month with entries, photos and the first preview', async () => {
    const { agent, bello, ids } = await seed();
    const [first] = await photos(ids.b, bello.id, 2);
    const res = await agent.get(`/api/diary/calendar?month=2026-11&dog_id=${bello.id}`).expect(200);
    expect(res.body).toEqual({
      month: '2026-11',
      days: [
        { date: '2026-11-10', entries: 1, photos: 0, first_entry_id: ids.d, preview_url: null },
        { date: '2026-11-19', entries: 1, photos: 0, first_entry_id: ids.c, preview_url: null },
        { date: '2026-11-20', entries: 1, photos: 2, first_entry_id: ids.b, preview_url: first?.preview_url },
        { date: '2026-11-21', entries: 1, photos: 0, first_entry_id: ids.a, preview_url: null },
      ],
    });
    const all = await agent.get('/api/diary/calendar?month=2026-11').expect(200);
    expect(all.body.days.find((d: { date: string }) => d.date === '2026-11-20')).toMatchObject({ entries: 2, photos: 2 });
    expect((await agent.get('/api/diary/calendar?month=2026-10').expect(200)).body.days).toHaveLength(1);
  });

  it('wants a month as YYYY-MM', async () => {
    const { agent } = await seed();
    await agent.get('/api/diary/calendar').expect(400);
    await agent.get('/api/diary/calendar?month=2026-13').expect(400);
    await agent.get('/api/diary/calendar?month=11.2026').expect(400);
  });
});

describe('GET /api/diary/locations', () => {
  it('groups located entries into places of about 100 m, newest first, with the newest entry’s title and first preview', async () => {
    const { agent, bello, ids } = await seed();
    const latest = Math.max(ids.a, ids.b);
    await t.ctx.db.updateTable('diary_entries').set({ title: 'Am Viktualienmarkt' }).where('id', '=', latest).execute();
    const [first] = await photos(latest, bello.id, 2);
    const res = await agent.get(`/api/diary/locations?dog_id=${bello.id}`).expect(200);
    expect(res.body.located_entries).toBe(3);
    expect(res.body.places).toEqual([
      {
        lat: 48.13702,
        lon: 11.57502,
        entries: 2,
        first_date: '2026-11-20',
        last_date: '2026-11-21',
        latest_entry_id: latest,
        latest_title: 'Am Viktualienmarkt',
        latest_preview_url: first?.preview_url,
      },
      {
        lat: 53.5511,
        lon: 9.9937,
        entries: 1,
        first_date: '2026-11-10',
        last_date: '2026-11-10',
        latest_entry_id: ids.d,
        latest_title: null,
        latest_preview_url: null,
      },
    ]);
    const all = await agent.get('/api/diary/locations').expect(200);
    expect(all.body.places).toHaveLength(3);
    await agentAs(t, await buildUser(t.ctx))
      .get(`/api/diary/locations?dog_id=${bello.id}`)
      .expect(403);
  });
});

describe('GET /api/diary/media (mosaic)', () => {
  it('pages through all photos, newest diary day first, per dog or for all dogs', async () => {
    const { agent, bello, luna, ids } = await seed();
    await photos(ids.e, bello.id, 1);
    const nov = await photos(ids.a, bello.id, 2);
    await photos(ids.g, luna.id, 1);

    const page1 = await agent.get(`/api/diary/media?dog_id=${bello.id}&limit=2`).expect(200);
    expect(page1.body.items.map((m: { id: number }) => m.id)).toEqual([nov[1]?.id, nov[0]?.id]);
    expect(page1.body.items[0]).toMatchObject({ entry_date: '2026-11-21', dog_id: bello.id });
    const page2 = await agent.get(`/api/diary/media?dog_id=${bello.id}&limit=2&cursor=${page1.body.next_cursor}`).expect(200);
    expect(page2.body).toMatchObject({ items: [{ entry_date: '2026-10-31' }], next_cursor: null });
    const all = await agent.get('/api/diary/media').expect(200);
    expect(all.body.items.map((m: { dog_id: number }) => m.dog_id)).toEqual([bello.id, bello.id, luna.id, bello.id]);
    await agentAs(t, await buildUser(t.ctx))
      .get(`/api/diary/media?dog_id=${luna.id}`)
      .expect(403);
  });
});
