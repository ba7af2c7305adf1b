import { existsSync, readdirSync } from 'node:fs';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { makeJpeg, PDF, SVG, TEXT } from '../../../../test/fakes/photos.js';
import { agentAs, buildDog, buildUser, shareDog } from '../../../../test/helpers/factories.js';
import { isStored } from '../../../../test/helpers/media.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { stagingDir } from '#core/media/storage.js';

const t = useTestApp();

const staged = () => (existsSync(stagingDir(t.ctx.config)) ? readdirSync(stagingDir(t.ctx.config)) : []);

async function setup() {
  const owner = await buildUser(t.ctx);
  const dog = await buildDog(t.ctx, { user: owner });
  return { owner, dog, agent: agentAs(t, owner), url: `/api/dogs/${dog.id}/health-documents` };
}

describe('POST /api/dogs/{dogId}/health-documents', () => {
  it('is 401 without a session', async () => {
    const { url } = await setup();
    await request(t.app).post(url).field('title', 'Impfpass').attach('file', PDF, 'impfpass.pdf').expect(401);
  });

  it('is 400 without a file, without a title, with an unknown field or a bad date, and stores nothing', async () => {
    const { agent, url, dog } = await setup();
    await agent.post(url).field('title', 'Impfpass').expect(400);
    await agent.post(url).attach('file', PDF, 'a.pdf').expect(400);
    await agent.post(url).field('title', 'x').field('farbe', 'rot').attach('file', PDF, 'a.pdf').expect(400);
    await agent.post(url).field('title', 'x').field('date', '2026-02-30').attach('file', PDF, 'a.pdf').expect(400);
    await agent.post(url).field('title', 'x').field('category', 'geheim').attach('file', PDF, 'a.pdf').expect(400);
    expect(await t.ctx.db.selectFrom('health_documents').select('id').where('dog_id', '=', dog.id).execute()).toEqual([]);
    expect(staged()).toEqual([]);
  });

  it('is 422 for a title over 200 characters and accepts 200', async () => {
    const { agent, url } = await setup();
    await agent.post(url).field('title', 'x'.repeat(201)).attach('file', PDF, 'a.pdf').expect(422);
    await agent.post(url).field('title', 'x'.repeat(200)).attach('file', PDF, 'a.pdf').expect(201);
  });

  it('is 403 for another user’s dog (before reading the upload) and 404 for a missing dog', async () => {
    const { url } = await setup();
    const stranger = await buildUser(t.ctx);
    await agentAs(t, stranger).post(url).field('title', 'x').attach('file', PDF, 'a.pdf').expect(403);
    await agentAs(t, stranger).post('/api/dogs/999999/health-documents').field('title', 'x').attach('file', PDF, 'a.pdf').expect(404);
    expect(staged()).toEqual([]);
  });

  it('is 415 for a file that is neither a PDF nor an accepted image (text, SVG, a .pdf name on text)', async () => {
    const { agent, url, dog } = await setup();
    for (const [body, name] of [
      [TEXT, 'befund.pdf'],
      [SVG, 'bild.svg'],
      [Buffer.from('%PD nicht ganz'), 'x.pdf'],
    ] as const) {
      const res = await agent.post(url).field('title', 'Befund').attach('file', body, { filename: name, contentType: 'application/pdf' }).expect(415);
      expect(res.body.error.code).toMatch(/unsupported/);
    }
    expect(await t.ctx.db.selectFrom('health_documents').select('id').where('dog_id', '=', dog.id).execute()).toEqual([]);
    expect(staged()).toEqual([]);
  });

  it('is 413 over 15 MB', async () => {
    const { agent, url } = await setup();
    const big = Buffer.concat([PDF, Buffer.alloc(15 * 1024 * 1024)]);
    const res = await agent.post(url).field('title', 'Groß').attach('file', big, 'gross.pdf');
    expect(res.status).toBe(413);
    expect(staged()).toEqual([]);
  });

  it('stores a PDF as it is and an image re-encoded; serves PDFs as attachments to owner and caregiver only', async () => {
    const { agent, url, dog, owner } = await setup();
    const pdf = await agent
      .post(url)
      .field('title', 'Blutbild März')
      .field('date', '2026-03-01')
      .field('category', 'labor')
      .attach('file', PDF, 'blut.pdf')
      .expect(201);
    expect(pdf.body).toMatchObject({
      dog_id: dog.id,
      title: 'Blutbild März',
      date: '2026-03-01',
      category: 'labor',
      mime_type: 'application/pdf',
      bytes: PDF.length,
    });
    expect(pdf.body.url).toMatch(new RegExp(`^/media/u/${owner.id}/dogs/${dog.id}/health/[A-Za-z0-9_-]{22}\\.pdf$`));
    const img = await agent
      .post(url)
      .field('title', 'Röntgen')
      .attach('file', await makeJpeg({ lat: 48.1, lon: 11.5 }), 'roentgen.jpg')
      .expect(201);
    expect(img.body).toMatchObject({ mime_type: 'image/jpeg' });
    expect(await isStored(t.ctx, pdf.body.url)).toBe(true);
    expect(staged()).toEqual([]);

    await request(t.app).get(pdf.body.url).expect(401);
    const got = await agent.get(pdf.body.url).buffer(true).expect(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toMatch(/^attachment; filename="dokument\.pdf"; filename\*=UTF-8''Blutbild%20M%C3%A4rz\.pdf$/);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    const image = await agent.get(img.body.url).expect(200);
    expect(image.headers['content-type']).toBe('image/jpeg');

    const stranger = await buildUser(t.ctx);
    await agentAs(t, stranger).get(pdf.body.url).expect(403);
    const friend = await buildUser(t.ctx);
    await shareDog(t, agent, dog.id, friend);
    await agentAs(t, friend).get(pdf.body.url).expect(200);
    await agentAs(t, friend).post(url).field('title', 'x').attach('file', PDF, 'a.pdf').expect(403);
    await agent.get(pdf.body.url.replace(/[A-Za-z0-9_-]{22}\.pdf$/, 'AAAAAAAAAAAAAAAAAAAAAA.pdf')).expect(404);

    const list = await agent.get(url).expect(200);
    expect(list.body.items.map((d: { id: number }) => d.id)).toEqual([img.body.id, pdf.body.id]);
  });

  it('deleting a document removes its file; deleting the dog removes the rows', async () => {
    const { agent, url, dog } = await setup();
    const doc = await agent.post(url).field('title', 'Impfpass').attach('file', PDF, 'a.pdf').expect(201);
    await agent.delete(`/api/health-documents/${doc.body.id}`).expect(204);
    expect(await isStored(t.ctx, doc.body.url)).toBe(false);
    await agent.get(doc.body.url).expect(404);
    const again = await agent.post(url).field('title', 'Impfpass').attach('file', PDF, 'a.pdf').expect(201);
    await agent.delete(`/api/dogs/${dog.id}`).expect(204);
    expect(await t.ctx.db.selectFrom('health_documents').select('id').where('id', '=', again.body.id).executeTakeFirst()).toBeUndefined();
    expect(await isStored(t.ctx, again.body.url)).toBe(false);
  });
});
