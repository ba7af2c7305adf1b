import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { makeJpeg } from '../../../../test/fakes/photos.js';
import { agentAs, buildDog, buildModerator, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

const t = useTestApp();

/** A diary photo without GPS (so no weather lookup) owned by a fresh user. */
async function diaryPhoto() {
  const user = await buildUser(t.ctx);
  const dog = await buildDog(t.ctx, { user });
  const agent = agentAs(t, user);
  const e = await agent.post(`/api/dogs/${dog.id}/diary`).send({ date: '2025-06-15', text: 'x' }).expect(201);
  const m = await agent
    .post(`/api/diary/${e.body.id}/media`)
    .attach('files', await makeJpeg({ width: 120, height: 90 }), 'a.jpg')
    .expect(201);
  return { user, agent, url: m.body.items[0].url as string, preview: m.body.items[0].preview_url as string, mediaId: m.body.items[0].id as number };
}

describe('GET /media/… (diary)', () => {
  it('serves the owner the photo and its preview with long private cache headers', async () => {
    const { agent, url, preview } = await diaryPhoto();
    const res = await agent.get(url).buffer(true).expect(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(Number(res.headers['content-length'])).toBeGreaterThan(100);
    const p = await agent.get(preview).expect(200);
    expect(p.headers['content-type']).toBe('image/webp');
  });

  it('answers a Range request with 206 and exactly those bytes', async () => {
    const { agent, url } = await diaryPhoto();
    const whole = await agent.get(url).buffer(true).expect(200);
    const part = await agent.get(url).set('Range', 'bytes=2-11').buffer(true).expect(206);
    expect(part.headers['content-range']).toBe(`bytes 2-11/${whole.headers['content-length']}`);
    expect(Buffer.compare(part.body as Buffer, (whole.body as Buffer).subarray(2, 12))).toBe(0);
    await agent.get(url).set('Range', 'bytes=999999-').expect(416);
  });

  it('is 401 without a session, 403 for other users (moderators too), 404 for a deleted or unknown file', async () => {
    const { agent, url, preview, mediaId } = await diaryPhoto();
    await request(t.app).get(url).expect(401);
    const stranger = agentAs(t, await buildUser(t.ctx));
    await stranger.get(url).expect(403);
    await stranger.get(preview).expect(403);
    await agentAs(t, await buildModerator(t.ctx))
      .get(url)
      .expect(403);
    await agent.get(url.replace(/[A-Za-z0-9_-]{22}\.jpg$/, 'AAAAAAAAAAAAAAAAAAAAAA.jpg')).expect(404);
    await agent.delete(`/api/diary/media/${mediaId}`).expect(204);
    await agent.get(url).expect(404);
    await agent.get(preview).expect(404);
  });

  it('serves nothing outside the known URL shapes (no path tricks)', async () => {
    const { agent, user } = await diaryPhoto();
    for (const path of [
      `/media/u/${user.id}/../../secrets.json`,
      `/media/u/${user.id}/%2e%2e/%2e%2e/secrets.json`,
      '/media/pfotenbuch.sqlite',
      `/media/u/${user.id}/dogs/1/diary/short.jpg`,
      '/media/secrets.json',
    ]) {
      const res = await agent.get(path);
      expect([400, 404]).toContain(res.status);
    }
  });
});

describe('OpenAPI document', () => {
  it('describes the diary, media, dashboard, notification and photo endpoints', async () => {
    const doc = (await request(t.app).get('/api/openapi.json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    for (const [path, method] of [
      ['/api/dogs/{dogId}/diary', 'post'],
      ['/api/diary/{entryId}', 'patch'],
      ['/api/diary/{entryId}/media', 'post'],
      ['/api/diary/media/{mediaId}', 'delete'],
      ['/api/diary/stats', 'get'],
      ['/api/diary/calendar', 'get'],
      ['/api/diary/locations', 'get'],
      ['/api/diary/media', 'get'],
      ['/api/welcome-dashboard', 'get'],
      ['/api/notifications/{id}/read', 'post'],
      ['/api/dogs/{dogId}/photo', 'post'],
      ['/api/me/avatar', 'delete'],
      ['/media/{path}', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(JSON.stringify(doc.paths['/api/diary/{entryId}/media'])).toContain('multipart/form-data');
  });
});
