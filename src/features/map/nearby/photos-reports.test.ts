import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { makeJpeg, SVG } from '../../../../test/fakes/photos.js';
import { agentAs, buildAdmin, buildModerator, buildUser } from '../../../../test/helpers/factories.js';
import { isStored, storedBytes, storedUnder } from '../../../../test/helpers/media.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { geoItemPhotoUrlPrefix } from '#core/media/paths.js';

const t = useTestApp();
const HERE = { lat: 52.5219, lon: 13.4132 };
const lostDog = { ...HERE, name: 'Bello', description: 'Brauner Mischling, rotes Halsband', last_seen_at: '2026-01-01T10:00:00Z' };

type Agent = ReturnType<typeof agentAs>;
/** A new map item at `path` (/api/lost-dogs, …) as the agent's; the answer's body. */
const newItem = async (agent: Agent, path: string, body: object) => (await agent.post(path).send(body).expect(201)).body;
/** The item's photo, uploaded by the agent (a plain JPEG unless given); the answer's body (the item with photo_url). */
const addPhoto = async (agent: Agent, itemPath: string, jpeg?: Buffer) =>
  (
    await agent
      .post(`${itemPath}/photo`)
      .attach('file', jpeg ?? (await makeJpeg()), 'photo.jpg')
      .expect(200)
  ).body;

describe('photos of map items', () => {
  it('the author adds one photo (WebP, no camera position), replaces it, removes it; deleting the item removes the file', async () => {
    const author = await buildUser(t.ctx);
    const a = agentAs(t, author);
    const item = await newItem(a, '/api/lost-dogs', lostDog);
    expect(item.photo_url).toBeNull();
    const first = await addPhoto(a, `/api/lost-dogs/${item.id}`, await makeJpeg({ lat: 48.1, lon: 11.5, width: 300, height: 200 }));
    expect(first.photo_url).toMatch(new RegExp(`^/media/u/${author.id}/nearby/[A-Za-z0-9_-]{22}\\.webp$`));
    const bytes = await storedBytes(t.ctx, first.photo_url);
    if (!bytes) throw new Error('the photo is not stored');
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 300, height: 200 });
    expect(meta.exif).toBeUndefined();
    // Every logged-in user sees it (the item is visible to all), nobody without a session.
    const reader = agentAs(t, await buildUser(t.ctx));
    await reader.get(first.photo_url).expect(200);
    await request(t.app).get(first.photo_url).expect(401);
    expect((await reader.get(`/api/lost-dogs/${item.id}`).expect(200)).body.photo_url).toBe(first.photo_url);

    const second = await addPhoto(a, `/api/lost-dogs/${item.id}`);
    expect(await isStored(t.ctx, first.photo_url)).toBe(false);
    expect(await storedUnder(t.ctx, geoItemPhotoUrlPrefix(author.id))).toHaveLength(1);
    await a.delete(`/api/lost-dogs/${item.id}/photo`).expect(204);
    expect(await isStored(t.ctx, second.photo_url)).toBe(false);
    expect((await a.get(`/api/lost-dogs/${item.id}`).expect(200)).body.photo_url).toBeNull();

    const third = await addPhoto(a, `/api/lost-dogs/${item.id}`);
    await a.delete(`/api/lost-dogs/${item.id}`).expect(204);
    expect(await isStored(t.ctx, third.photo_url)).toBe(false);
  });

  it('checks as for the diary: SVG 415, no file 400; 401 without a session, 403 for another’s item, 404 for a missing one; nothing stored', async () => {
    const author = await buildUser(t.ctx);
    const a = agentAs(t, author);
    const item = await newItem(a, '/api/playdates', { ...HERE, title: 'Welpentreff', starts_at: '2099-01-01T10:00:00Z' });
    const jpeg = await makeJpeg();
    await a.post(`/api/playdates/${item.id}/photo`).attach('file', SVG, 'x.svg').expect(415);
    await a.post(`/api/playdates/${item.id}/photo`).send({}).expect(400);
    await request(t.app).post(`/api/playdates/${item.id}/photo`).attach('file', jpeg, 'a.jpg').expect(401);
    const stranger = agentAs(t, await buildUser(t.ctx));
    expect((await stranger.post(`/api/playdates/${item.id}/photo`).attach('file', jpeg, 'a.jpg').expect(403)).body.error.message).toMatch(/jemand anderes/);
    await stranger.delete(`/api/playdates/${item.id}/photo`).expect(403);
    await a.post('/api/playdates/999999/photo').attach('file', jpeg, 'a.jpg').expect(404);
    expect(await storedUnder(t.ctx, geoItemPhotoUrlPrefix(author.id))).toEqual([]);
    expect((await a.get(`/api/playdates/${item.id}`).expect(200)).body.photo_url).toBeNull();
  });

  it('an active report stays anonymised after account deletion, without its photo', async () => {
    const author = await buildUser(t.ctx);
    const a = agentAs(t, author);
    const item = await newItem(a, '/api/lost-dogs', lostDog);
    const withPhoto = await addPhoto(a, `/api/lost-dogs/${item.id}`);
    await a.delete('/api/me').send({ password: author.password }).expect(204);
    const seen = (
      await agentAs(t, await buildUser(t.ctx))
        .get(`/api/lost-dogs/${item.id}`)
        .expect(200)
    ).body;
    expect(seen.photo_url).toBeNull();
    expect(await isStored(t.ctx, withPhoto.photo_url)).toBe(false);
  });
});

describe('reports of map items', () => {
  it('a report reaches the moderators once per person; not one’s own item; dismiss keeps the item, delete removes it with its photo', async () => {
    const author = await buildUser(t.ctx, { email: 'autorin@example.org' });
    const reporter = await buildUser(t.ctx, { email: 'melder@example.org' });
    const a = agentAs(t, author);
    const r = agentAs(t, reporter);
    const warning = await newItem(a, '/api/poison-warnings', { ...HERE, kind: 'poison', description: 'Wurst mit Nägeln am Spielplatz' });
    const service = await newItem(a, '/api/services', { ...HERE, name: 'Hundesalon Wuff', category: 'hundesalon' });
    const photo = (await addPhoto(a, `/api/poison-warnings/${warning.id}`)).photo_url;

    expect((await a.post(`/api/poison-warnings/${warning.id}/report`).send({ reason: 'Test' }).expect(409)).body.error.code).toBe('own_item');
    await r.post(`/api/poison-warnings/${warning.id}/report`).send({ reason: 'Das ist Werbung' }).expect(204);
    await r.post(`/api/poison-warnings/${warning.id}/report`).send({ reason: 'Noch mal' }).expect(204);
    await r.post(`/api/services/${service.id}/report`).send({ reason: 'Gibt es nicht mehr' }).expect(204);
    await r.post('/api/services/999999/report').send({ reason: 'x' }).expect(404);
    await r.post(`/api/services/${service.id}/report`).send({ reason: '' }).expect(400);
    await r.post(`/api/services/${service.id}/report`).send({ reason: 'x', extra: 1 }).expect(400);
    await request(t.app).post(`/api/services/${service.id}/report`).send({ reason: 'x' }).expect(401);

    // Only staff sees the queue; moderators see addresses masked, admins whole.
    await r.get('/api/moderation/map-reports').expect(403);
    const mod = agentAs(t, await buildModerator(t.ctx));
    const queue = (await mod.get('/api/moderation/map-reports').expect(200)).body.items;
    expect(queue.map((i: { item: { kind: string } }) => i.item.kind)).toEqual(['poison-warnings', 'services']);
    expect(queue[0]).toMatchObject({
      reason: 'Das ist Werbung',
      item: {
        kind_name: 'Giftköder-Warnung',
        id: warning.id,
        summary: 'Wurst mit Nägeln am Spielplatz',
        photo_url: photo,
        url: `/app/giftkoeder/${warning.id}`,
      },
    });
    expect(queue[0].reporter.email).not.toBe('melder@example.org');
    const admin = agentAs(t, await buildAdmin(t.ctx));
    expect((await admin.get('/api/moderation/map-reports').expect(200)).body.items[0].reporter.email).toBe('melder@example.org');

    await mod.post(`/api/moderation/map-reports/${queue[1].id}/resolve`).send({ action: 'dismiss' }).expect(204);
    await r.get(`/api/services/${service.id}`).expect(200);
    await mod.post(`/api/moderation/map-reports/${queue[0].id}/resolve`).send({ action: 'delete' }).expect(204);
    await r.get(`/api/poison-warnings/${warning.id}`).expect(404);
    expect(await isStored(t.ctx, photo)).toBe(false);
    expect((await mod.get('/api/moderation/map-reports').expect(200)).body.items).toEqual([]);
    await mod.post('/api/moderation/map-reports/999999/resolve').send({ action: 'dismiss' }).expect(404);
  });

  it('tells moderators and admins of a new report in the app (kind moderation), once per reporter and item', async () => {
    const mod = await buildModerator(t.ctx);
    const admin = await buildAdmin(t.ctx);
    const author = agentAs(t, await buildUser(t.ctx));
    const reporter = agentAs(t, await buildUser(t.ctx));
    const warning = await newItem(author, '/api/poison-warnings', { ...HERE, kind: 'poison', description: 'Köder am Bach' });
    for (let i = 0; i < 2; i++) await reporter.post(`/api/poison-warnings/${warning.id}/report`).send({ reason: 'Falschmeldung' }).expect(204);
    for (const staff of [mod, admin]) {
      const news = await t.ctx.db
        .selectFrom('notifications')
        .select(['title', 'url'])
        .where('user_id', '=', staff.id)
        .where('type', '=', 'moderation')
        .execute();
      expect(news).toEqual([{ title: 'Neue Meldung: Giftköder-Warnung', url: '/app/admin/moderation' }]);
    }
    await author.delete(`/api/poison-warnings/${warning.id}`).expect(204); // the queue is empty again for the next test
  });

  it('an item its author deletes leaves the queue', async () => {
    const author = await buildUser(t.ctx);
    const item = (
      await agentAs(t, author)
        .post('/api/events')
        .send({ ...HERE, title: 'Hundefest', starts_at: '2099-05-01T10:00:00Z' })
        .expect(201)
    ).body;
    await agentAs(t, await buildUser(t.ctx))
      .post(`/api/events/${item.id}/report`)
      .send({ reason: 'Spam' })
      .expect(204);
    await agentAs(t, author).delete(`/api/events/${item.id}`).expect(204);
    expect(
      (
        await agentAs(t, await buildModerator(t.ctx))
          .get('/api/moderation/map-reports')
          .expect(200)
      ).body.items,
    ).toEqual([]);
  });
});
