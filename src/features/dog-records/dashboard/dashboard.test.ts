import request from 'supertest';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { agentAs, buildDiaryEntry, buildDiaryMedia, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';
import { createNotification } from '../../accounts/notifications/index.js';
import { welcomeDashboard, type DashboardProvider } from './dashboard.service.js';

const clock = fixedClock('2026-11-21T10:00:00Z');
const t = useTestApp({ clock });

/** A dog with one entry of `count` photos (rows only: the dashboard never reads the files). */
async function dogWithPhotos(count: number, date = '2026-11-01') {
  const user = await buildUser(t.ctx, { name: 'Mia' });
  const dog = await buildDog(t.ctx, { user });
  const entry = await buildDiaryEntry(t.ctx, { dog, date, text: 'Fotos', title: 'Fotos' });
  const media = [];
  for (let i = 0; i < count; i++) media.push(await buildDiaryMedia(t.ctx, { entry }));
  return { user, dog, agent: agentAs(t, user), entryId: entry.id, media };
}

const cacheRows = (dogId: number) => t.ctx.db.selectFrom('daily_photos').select(['day', 'url']).where('dog_id', '=', dogId).orderBy('day').execute();

describe('GET /api/welcome-dashboard: daily photo', () => {
  it('is 401 without a session', async () => {
    await request(t.app).get('/api/welcome-dashboard').expect(401);
  });

  it('shows one photo per dog per day, the same all day, cached in daily_photos', async () => {
    const { agent, dog, media } = await dogWithPhotos(5);
    const first = await agent.get('/api/welcome-dashboard').expect(200);
    const photo = first.body.dogs[0].daily_photo;
    expect(media.map((m) => m.url)).toContain(photo.url);
    expect(photo.preview_url).toBe(photo.url.replace(/\.jpg$/, '_preview.webp'));
    for (let i = 0; i < 5; i++) expect((await agent.get('/api/welcome-dashboard').expect(200)).body.dogs[0].daily_photo.url).toBe(photo.url);
    expect(await cacheRows(dog.id)).toEqual([{ day: '2026-11-21', url: photo.url }]);
  });

  it('starts a new day in Europe/Berlin at midnight there, and drops the old day', async () => {
    const { agent, dog } = await dogWithPhotos(3);
    await agent.get('/api/welcome-dashboard').expect(200);
    clock.set('2026-11-21T22:59:00Z'); // 23:59 in Berlin
    expect((await agent.get('/api/welcome-dashboard').expect(200)).body.today).toBe('2026-11-21');
    clock.set('2026-11-21T23:01:00Z'); // 00:01 on the 22nd in Berlin
    try {
      expect((await agent.get('/api/welcome-dashboard').expect(200)).body.today).toBe('2026-11-22');
      expect((await cacheRows(dog.id)).map((r) => r.day)).toEqual(['2026-11-22']);
    } finally {
      clock.set('2026-11-21T10:00:00Z');
    }
  });

  it('is deleted with its media item and chosen again on the next read', async () => {
    const { agent, dog, media } = await dogWithPhotos(2);
    const chosen = (await agent.get('/api/welcome-dashboard').expect(200)).body.dogs[0].daily_photo;
    const gone = media.find((m) => m.url === chosen.url);
    const other = media.find((m) => m.url !== chosen.url);
    if (!gone || !other) throw new Error('two photos expected');
    await agent.delete(`/api/diary/media/${gone.id}`).expect(204);
    expect(await cacheRows(dog.id)).toEqual([]);
    expect((await agent.get('/api/welcome-dashboard').expect(200)).body.dogs[0].daily_photo.url).toBe(other.url);
  });

  it('is deleted with its entry; without photos there is none', async () => {
    const { agent, dog, entryId } = await dogWithPhotos(1);
    await agent.get('/api/welcome-dashboard').expect(200);
    await agent.delete(`/api/diary/${entryId}`).expect(204);
    expect(await cacheRows(dog.id)).toEqual([]);
    expect((await agent.get('/api/welcome-dashboard').expect(200)).body.dogs[0].daily_photo).toBeNull();
  });

  it('is dropped and re-chosen when its URL no longer exists among the diary media', async () => {
    const { agent, dog, media } = await dogWithPhotos(1);
    await t.ctx.db
      .insertInto('daily_photos')
      .values({ dog_id: dog.id, day: '2026-11-21', url: '/media/u/1/dogs/1/diary/AAAAAAAAAAAAAAAAAAAAAA.jpg', created_at: clock.now().toISOString() })
      .execute();
    const res = await agent.get('/api/welcome-dashboard').expect(200);
    expect(res.body.dogs[0].daily_photo.url).toBe(media[0]?.url);
    expect(await cacheRows(dog.id)).toEqual([{ day: '2026-11-21', url: media[0]?.url }]);
  });

  it("prefers a photo from this calendar day in an earlier year, and never shows another dog's photo", async () => {
    const { agent, dog, user } = await dogWithPhotos(4, '2026-11-02');
    const e = await buildDiaryEntry(t.ctx, { dog, date: '2024-11-21', text: 'Vor zwei Jahren' });
    const memory = await buildDiaryMedia(t.ctx, { entry: e });
    const second = await buildDog(t.ctx, { user, name: 'Luna' });
    const other = await dogWithPhotos(3);
    const res = await agent.get('/api/welcome-dashboard').expect(200);
    expect(res.body.dogs).toEqual([
      {
        id: dog.id,
        name: 'Bello',
        photo_url: null,
        daily_photo: expect.objectContaining({ url: memory.url, entry_date: '2024-11-21' }),
        training_streak: null,
      },
      { id: second.id, name: 'Luna', photo_url: null, daily_photo: null, training_streak: null },
    ]);
    expect(res.body.on_this_day).toEqual([
      { entry_id: e.id, dog_id: dog.id, dog_name: 'Bello', date: '2024-11-21', title: null, years_ago: 2, preview_url: memory.preview_url },
    ]);
    expect(JSON.stringify(res.body)).not.toContain(other.media[0]?.url ?? '?');
  });

  it('serves several dogs at once, each its own: a memory, a random photo, a kept choice, a gone choice chosen again, none', async () => {
    const { agent, user, dog: memoryDog } = await dogWithPhotos(2);
    const memoryEntry = await buildDiaryEntry(t.ctx, { dog: memoryDog, date: '2025-11-21', text: 'Vor einem Jahr' });
    const memory = await buildDiaryMedia(t.ctx, { entry: memoryEntry });
    const withPhotos = async (name: string, count: number) => {
      const dog = await buildDog(t.ctx, { user, name });
      const entry = await buildDiaryEntry(t.ctx, { dog, date: '2026-11-02', text: name });
      const media = [];
      for (let i = 0; i < count; i++) media.push(await buildDiaryMedia(t.ctx, { entry }));
      return { dog, media };
    };
    const random = await withPhotos('Zufall', 3);
    const kept = await withPhotos('Gemerkt', 3);
    const goneChoice = await withPhotos('Verschwunden', 1);
    const none = await buildDog(t.ctx, { user, name: 'Ohne' });
    await t.ctx.db
      .insertInto('daily_photos')
      .values([
        { dog_id: kept.dog.id, day: '2026-11-21', url: kept.media[1]!.url, created_at: clock.now().toISOString() },
        { dog_id: goneChoice.dog.id, day: '2026-11-21', url: '/media/u/1/dogs/1/diary/BBBBBBBBBBBBBBBBBBBBBB.jpg', created_at: clock.now().toISOString() },
      ])
      .execute();

    const dogs = (await agent.get('/api/welcome-dashboard').expect(200)).body.dogs as { id: number; daily_photo: { url: string } | null }[];
    const photoOf = (id: number) => dogs.find((d) => d.id === id)?.daily_photo?.url ?? null;
    expect(photoOf(memoryDog.id)).toBe(memory.url);
    expect(random.media.map((m) => m.url)).toContain(photoOf(random.dog.id));
    expect(photoOf(kept.dog.id)).toBe(kept.media[1]!.url);
    expect(photoOf(goneChoice.dog.id)).toBe(goneChoice.media[0]!.url);
    expect(photoOf(none.id)).toBeNull();
    for (const d of [memoryDog, random.dog, kept.dog, goneChoice.dog]) expect(await cacheRows(d.id)).toEqual([{ day: '2026-11-21', url: photoOf(d.id) }]);
    expect(await cacheRows(none.id)).toEqual([]);
  });

  it('keeps one choice when many dashboards load at once', async () => {
    const { agent, dog } = await dogWithPhotos(6);
    const results = await Promise.all(Array.from({ length: 8 }, () => agent.get('/api/welcome-dashboard').expect(200)));
    const urls = new Set(results.map((r) => r.body.dogs[0].daily_photo.url));
    expect(urls.size).toBe(1);
    expect(await cacheRows(dog.id)).toHaveLength(1);
  });
});

describe('GET /api/welcome-dashboard: the rest', () => {
  it('lists recent entries and the unread notification count', async () => {
    const { agent, user } = await dogWithPhotos(0);
    await createNotification(t.ctx.db, { userId: user.id, type: 'test', title: 'Hallo', body: 'Test', now: clock.now().toISOString() });
    const res = await agent.get('/api/welcome-dashboard').expect(200);
    expect(res.body).toMatchObject({ today: '2026-11-21', unread_notifications: 1, due_soon: [], recent_entries: [{ date: '2026-11-01', title: 'Fotos' }] });
  });

  it('merges what the areas report as due soon, earliest first, 10 at most', async () => {
    const user = await buildUser(t.ctx);
    const dashboard = await welcomeDashboard(t.ctx, user, [
      {
        area: 'health',
        dueSoon: async (_ctx, { actor }) => [{ area: 'health', title: `Impfung für ${actor.id}`, due_date: '2026-12-01', dog_id: null, url: null }],
      },
      { area: 'care', dueSoon: async () => [{ area: 'care', title: 'Krallen schneiden', due_date: '2026-11-25', dog_id: null, url: '/app/care' }] },
      {
        area: 'many',
        dueSoon: async () => Array.from({ length: 12 }, (_, i) => ({ area: 'many', title: `Nr. ${i}`, due_date: '2027-01-01', dog_id: null, url: null })),
      },
    ]);
    expect(dashboard.due_soon.slice(0, 2).map((d) => d.title)).toEqual(['Krallen schneiden', `Impfung für ${user.id}`]);
    expect(dashboard.due_soon).toHaveLength(10);
  });

  it('takes cards and fields per dog from areas it does not know, and only from those registered', async () => {
    const user = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user });
    const community: DashboardProvider = {
      area: 'community',
      cards: { shape: { nearby: z.array(z.string()) }, load: async (_ctx, { dogs }) => ({ nearby: [`${dogs.length} Hund in der Nähe`] }) },
      dogFields: { shape: { walked_today: z.boolean() }, load: async (_ctx, { dogs }) => new Map(dogs.map((d) => [d.id, { walked_today: true }])) },
    };
    const dashboard = await welcomeDashboard(t.ctx, user, [community]);
    expect(dashboard).toEqual({
      today: '2026-11-21',
      dogs: [{ id: dog.id, name: 'Bello', photo_url: null, walked_today: true }],
      nearby: ['1 Hund in der Nähe'],
      due_soon: [],
      unread_notifications: 0,
    });
  });

  it('documents the registered cards in the OpenAPI document', async () => {
    const doc = (await request(t.app).get('/api/openapi.json').expect(200)).body;
    const schema = doc.components.schemas.WelcomeDashboard;
    expect(Object.keys(schema.properties)).toEqual(['today', 'dogs', 'on_this_day', 'recent_entries', 'leash_season', 'due_soon', 'unread_notifications']);
    expect(Object.keys(schema.properties.dogs.items.properties)).toEqual(['id', 'name', 'photo_url', 'daily_photo', 'training_streak']);
  });
});
