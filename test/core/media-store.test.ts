import { existsSync, readdirSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { makeJpeg, PDF } from '../fakes/photos.js';
import { startS3Server, type S3TestServer } from '../fakes/s3-server.js';
import { agentAs, buildDog, buildUser } from '../helpers/factories.js';
import { isStored, storedUnder } from '../helpers/media.js';
import { useTestApp } from '../helpers/test-app.js';
import { stagingDir } from '#core/media/storage.js';

/**
 * The app on the s3 driver against a real S3-compatible server on 127.0.0.1, whatever TEST_MEDIA_STORAGE says:
 * what users see when the store is down or slow, and the file answers (Range, ETag) streamed from the store.
 */
let s3: S3TestServer | undefined;
const t = useTestApp(async () => {
  s3 = await startS3Server();
  return { env: { ...s3.env, S3_TIMEOUT_MS: '300' } };
});
afterAll(async () => {
  await s3?.close();
});
beforeEach(() => {
  if (s3) s3.mode = 'ok';
});

const staged = () => (existsSync(stagingDir(t.ctx.config)) ? readdirSync(stagingDir(t.ctx.config)) : []);
const count = async (table: 'diary_media' | 'health_documents', column: 'entry_id' | 'dog_id', id: number) =>
  (await t.ctx.db.selectFrom(table).select('id').where(column, '=', id).execute()).length;

async function owner() {
  const user = await buildUser(t.ctx);
  const dog = await buildDog(t.ctx, { user });
  const agent = agentAs(t, user);
  const entry = await agent.post(`/api/dogs/${dog.id}/diary`).send({ date: '2025-06-15', text: 'Wald' }).expect(201);
  return { user, dog, agent, entryId: entry.body.id as number };
}

describe('uploads while the object store is down', () => {
  it('answer 503 in German and leave no row, no object and no staged file', async () => {
    const { user, dog, agent, entryId } = await owner();
    s3!.mode = 'down';
    const photo = await agent.post(`/api/diary/${entryId}/media`).attach('files', await makeJpeg(), 'wald.jpg');
    expect(photo.status).toBe(503);
    expect(photo.body).toMatchObject({ error: { code: 'storage_unavailable', message: expect.stringMatching(/Bitte versuch es gleich noch mal/) } });
    const doc = await agent.post(`/api/dogs/${dog.id}/health-documents`).field('title', 'Befund').attach('file', PDF, 'befund.pdf');
    expect(doc.status).toBe(503);
    const avatar = await agent.post('/api/me/avatar').attach('file', await makeJpeg(), 'ich.jpg');
    expect(avatar.status).toBe(503);

    s3!.mode = 'ok';
    expect(await count('diary_media', 'entry_id', entryId)).toBe(0);
    expect(await count('health_documents', 'dog_id', dog.id)).toBe(0);
    expect((await agent.get('/api/auth/me').expect(200)).body.avatar_url).toBeNull();
    expect(await storedUnder(t.ctx, `/media/u/${user.id}/`)).toEqual([]);
    expect(staged()).toEqual([]);
  });

  it('a slow store is given up after S3_TIMEOUT_MS (two tries), with the same 503', async () => {
    const { agent, entryId } = await owner();
    s3!.mode = 'slow';
    s3!.delayMs = 3_000;
    const started = Date.now();
    const res = await agent.post(`/api/diary/${entryId}/media`).attach('files', await makeJpeg(), 'wald.jpg');
    expect(res.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(2_900);
    expect(await count('diary_media', 'entry_id', entryId)).toBe(0);
  });
});

describe('files served from the object store', () => {
  it('stream with ETag, 304, one byte range (206), 416 and HEAD, and 503 while the store is down', async () => {
    const { agent, entryId } = await owner();
    const up = await agent
      .post(`/api/diary/${entryId}/media`)
      .attach('files', await makeJpeg({ width: 64, height: 48 }), 'wald.jpg')
      .expect(201);
    const url: string = up.body.items[0].url;
    expect(await isStored(t.ctx, url)).toBe(true);

    const whole = await agent.get(url).buffer(true).expect(200);
    expect(whole.headers['content-type']).toBe('image/jpeg');
    expect(whole.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const size = Number(whole.headers['content-length']);
    expect(whole.body.length).toBe(size);
    const etag = whole.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);

    await agent.get(url).set('If-None-Match', etag).expect(304);
    const part = await agent.get(url).set('Range', 'bytes=0-9').buffer(true).expect(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${size}`);
    expect(Buffer.compare(part.body, whole.body.subarray(0, 10))).toBe(0);
    const tail = await agent.get(url).set('Range', 'bytes=-5').buffer(true).expect(206);
    expect(Buffer.compare(tail.body, whole.body.subarray(size - 5))).toBe(0);
    // a range for another version of the file is ignored: the whole file
    await agent.get(url).set('Range', 'bytes=0-9').set('If-Range', '"anders"').expect(200);
    await agent.get(url).set('Range', `bytes=${size}-`).expect(416).expect('Content-Range', `bytes */${size}`);
    const head = await agent.head(url).expect(200);
    expect(head.headers['content-length']).toBe(String(size));

    // someone else's file: 403 before the store is asked; a missing one: 404
    const stranger = agentAs(t, await buildUser(t.ctx));
    await stranger.get(url).expect(403);
    await request(t.app).get(url).expect(401);
    await agent.get(url.replace(/[A-Za-z0-9_-]{22}\.jpg$/, 'AAAAAAAAAAAAAAAAAAAAAA.jpg')).expect(404);

    s3!.mode = 'down';
    const down = await agent.get(url).set('Accept', 'application/json');
    expect(down.status).toBe(503);
    expect(down.body.error.code).toBe('storage_unavailable');
  });
});
