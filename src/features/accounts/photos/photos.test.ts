import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { makeJpeg, makePng, SVG } from '../../../../test/fakes/photos.js';
import { agentAs, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { isStored, storedBytes, storedUnder } from '../../../../test/helpers/media.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { avatarUrlPrefix, dogPhotoUrlPrefix } from '#core/media/paths.js';

const t = useTestApp();
const bytesOf = async (url: string) => {
  const bytes = await storedBytes(t.ctx, url);
  if (!bytes) throw new Error(`not stored: ${url}`);
  return bytes;
};

describe('POST /api/dogs/:dogId/photo', () => {
  it('stores a WebP without metadata, sets photo_url, and deletes the old photo on replacement', async () => {
    const user = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user });
    const agent = agentAs(t, user);
    const first = await agent
      .post(`/api/dogs/${dog.id}/photo`)
      .attach('file', await makeJpeg({ lat: 48.1, lon: 11.5, width: 200, height: 100 }), 'bello.jpg')
      .expect(200);
    expect(first.body.photo_url).toMatch(new RegExp(`^/media/u/${user.id}/dogs/${dog.id}/photo/[A-Za-z0-9_-]{22}\\.webp$`));
    const meta = await sharp(await bytesOf(first.body.photo_url)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 200, height: 100 });
    expect(meta.exif).toBeUndefined();
    expect((await t.ctx.db.selectFrom('dogs').select('photo_url').where('id', '=', dog.id).executeTakeFirstOrThrow()).photo_url).toBe(first.body.photo_url);

    const second = await agent
      .post(`/api/dogs/${dog.id}/photo`)
      .attach('file', await makePng(), 'neu.png')
      .expect(200);
    expect(second.body.photo_url).not.toBe(first.body.photo_url);
    expect(await isStored(t.ctx, first.body.photo_url)).toBe(false);
    expect(await storedUnder(t.ctx, dogPhotoUrlPrefix(user.id, dog.id))).toHaveLength(1);
    // Dog photos have no preview variant.
    expect(await isStored(t.ctx, second.body.photo_url.replace('.webp', '_preview.webp'))).toBe(false);
  });

  it('keeps exactly one file when two uploads race', async () => {
    const user = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user });
    const agent = agentAs(t, user);
    const jpeg = await makeJpeg();
    await Promise.all(Array.from({ length: 4 }, () => agent.post(`/api/dogs/${dog.id}/photo`).attach('file', jpeg, 'a.jpg').expect(200)));
    const files = await storedUnder(t.ctx, dogPhotoUrlPrefix(user.id, dog.id));
    const row = await t.ctx.db.selectFrom('dogs').select('photo_url').where('id', '=', dog.id).executeTakeFirstOrThrow();
    expect(files).toHaveLength(1);
    expect(row.photo_url?.endsWith(files[0] ?? '?')).toBe(true);
  });

  it('refuses SVG with 415 and a missing file with 400, leaving the old photo in place', async () => {
    const user = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user });
    const agent = agentAs(t, user);
    const ok = await agent
      .post(`/api/dogs/${dog.id}/photo`)
      .attach('file', await makeJpeg(), 'a.jpg')
      .expect(200);
    await agent.post(`/api/dogs/${dog.id}/photo`).attach('file', SVG, 'bild.svg').expect(415);
    await agent.post(`/api/dogs/${dog.id}/photo`).send({}).expect(400);
    await agent
      .post(`/api/dogs/${dog.id}/photo`)
      .attach('files', await makeJpeg(), 'a.jpg')
      .expect(400);
    expect(await storedUnder(t.ctx, dogPhotoUrlPrefix(user.id, dog.id))).toHaveLength(1);
    expect(await isStored(t.ctx, ok.body.photo_url)).toBe(true);
  });

  it("is 401 without a session, 403 for another user's dog, 404 for a missing dog", async () => {
    const owner = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner });
    const jpeg = await makeJpeg();
    await request(t.app).post(`/api/dogs/${dog.id}/photo`).attach('file', jpeg, 'a.jpg').expect(401);
    const stranger = agentAs(t, await buildUser(t.ctx));
    await stranger.post(`/api/dogs/${dog.id}/photo`).attach('file', jpeg, 'a.jpg').expect(403);
    await stranger.post('/api/dogs/999999/photo').attach('file', jpeg, 'a.jpg').expect(404);
    expect(await storedUnder(t.ctx, dogPhotoUrlPrefix(owner.id, dog.id))).toEqual([]);
  });

  it('is visible to every logged-in user, not to visitors', async () => {
    const owner = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner });
    const { body } = await agentAs(t, owner)
      .post(`/api/dogs/${dog.id}/photo`)
      .attach('file', await makeJpeg(), 'a.jpg')
      .expect(200);
    const res = await agentAs(t, await buildUser(t.ctx))
      .get(body.photo_url)
      .expect(200);
    expect(res.headers['content-type']).toBe('image/webp');
    await request(t.app).get(body.photo_url).expect(401);
  });
});

describe('POST and DELETE /api/me/avatar', () => {
  it('stores a 512 px square, sets avatar_url, replaces and removes it with its file', async () => {
    const user = await buildUser(t.ctx);
    const agent = agentAs(t, user);
    const first = await agent
      .post('/api/me/avatar')
      .attach('file', await makeJpeg({ width: 800, height: 400 }), 'ich.jpg')
      .expect(200);
    expect(first.body.avatar_url).toMatch(new RegExp(`^/media/u/${user.id}/avatar/[A-Za-z0-9_-]{22}\\.webp$`));
    expect(await sharp(await bytesOf(first.body.avatar_url)).metadata()).toMatchObject({ width: 512, height: 512 });
    expect((await agent.get('/api/auth/me').expect(200)).body.avatar_url).toBe(first.body.avatar_url);
    // Another logged-in user sees it (avatars are shown beside posts).
    await agentAs(t, await buildUser(t.ctx))
      .get(first.body.avatar_url)
      .expect(200);

    const second = await agent
      .post('/api/me/avatar')
      .attach('file', await makePng(), 'neu.png')
      .expect(200);
    expect(await isStored(t.ctx, first.body.avatar_url)).toBe(false);
    await agent.delete('/api/me/avatar').expect(204);
    expect(await isStored(t.ctx, second.body.avatar_url)).toBe(false);
    expect(await storedUnder(t.ctx, avatarUrlPrefix(user.id))).toEqual([]);
    expect((await agent.get('/api/auth/me').expect(200)).body.avatar_url).toBeNull();
    await agent.delete('/api/me/avatar').expect(204);
  });

  it('is 401 without a session', async () => {
    await request(t.app)
      .post('/api/me/avatar')
      .attach('file', await makeJpeg(), 'a.jpg')
      .expect(401);
    await request(t.app).delete('/api/me/avatar').expect(401);
  });

  it('answers 400 without a file and 415 for SVG, and keeps the avatar it had', async () => {
    const user = await buildUser(t.ctx);
    const agent = agentAs(t, user);
    const ok = await agent
      .post('/api/me/avatar')
      .attach('file', await makeJpeg(), 'a.jpg')
      .expect(200);
    await agent.post('/api/me/avatar').send({}).expect(400);
    await agent
      .post('/api/me/avatar')
      .attach('bild', await makeJpeg(), 'a.jpg')
      .expect(400);
    await agent.post('/api/me/avatar').attach('file', SVG, 'bild.svg').expect(415);
    expect((await agent.get('/api/auth/me').expect(200)).body.avatar_url).toBe(ok.body.avatar_url);
    expect(await storedUnder(t.ctx, avatarUrlPrefix(user.id))).toHaveLength(1);
  });
});
