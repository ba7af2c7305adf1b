import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { makeJpeg } from '../../../../test/fakes/photos.js';
import { agentAs, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

const t = useTestApp();

describe('the public lost-dog page behind the poster', () => {
  it('shows what the poster says, the photo and the area rounded to ~200 m to anyone, escaped, never the exact position; once found only that', async () => {
    const author = await buildUser(t.ctx);
    const a = agentAs(t, author);
    const dog = (
      await a
        .post('/api/lost-dogs')
        .send({
          lat: 52.5219,
          lon: 13.4132,
          name: 'Bello <script>alert(1)</script>',
          description: 'Brauner Mischling, rotes Halsband',
          last_seen_at: '2026-01-01T10:00:00Z',
          contact: '0170 1234567',
        })
        .expect(201)
    ).body;
    await a
      .post(`/api/lost-dogs/${dog.id}/photo`)
      .attach('file', await makeJpeg(), 'bello.jpg')
      .expect(200);

    const page = await request(t.app).get(`/vermisst/${dog.id}`).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['cache-control']).toMatch(/no-store/);
    expect(page.text).toContain('Bello &lt;script&gt;alert(1)&lt;/script&gt; wird vermisst');
    expect(page.text).not.toContain('<script>alert(1)');
    expect(page.text).toContain('Brauner Mischling, rotes Halsband');
    expect(page.text).toContain('1. Januar 2026 um 11:00 Uhr');
    expect(page.text).toContain('href="tel:01701234567"');
    expect(page.text).not.toContain('52.5219');
    expect(page.text).not.toContain('13.4132');
    expect(page.text).toContain('data-lat="52.522" data-lon="13.414" data-radius="200"'); // a 0.002° grid
    expect(page.text).toContain('/build/spot.js');
    expect(page.text).toContain(`/vermisst/${dog.id}/foto`);
    const photo = await request(t.app).get(`/vermisst/${dog.id}/foto`).expect(200);
    expect(photo.headers['content-type']).toBe('image/webp');

    await a.patch(`/api/lost-dogs/${dog.id}`).send({ status: 'found' }).expect(200);
    const found = await request(t.app).get(`/vermisst/${dog.id}`).expect(200);
    expect(found.text).toContain('ist wieder da');
    expect(found.text).not.toContain('Brauner Mischling');
    expect(found.text).not.toContain('0170');
    expect(found.text).not.toContain('data-spot');
    await request(t.app).get(`/vermisst/${dog.id}/foto`).expect(404);
  });

  it('404 for a missing report and for anything that is not an id', async () => {
    await request(t.app).get('/vermisst/999999').expect(404);
    await request(t.app).get('/vermisst/abc').expect(404);
    await request(t.app).get('/vermisst/0').expect(404);
    await request(t.app).get('/vermisst/1/foto').expect(404);
  });
});
