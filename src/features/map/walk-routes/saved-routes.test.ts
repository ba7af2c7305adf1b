import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

const t = useTestApp();

const line = {
  type: 'LineString',
  coordinates: [
    [11.5755, 48.1374],
    [11.578, 48.1368],
    [11.5802, 48.136],
  ],
};
const body = { name: 'Runde <am> See & Park', description: 'Schattig, mit "Wasser"', geometry: line, distance_m: 1480, duration_s: 1066 };

/** The parts of GPX 1.1 the schema requires, read back from the text. */
function checkGpx11(xml: string) {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const root = /<gpx ([^>]*)>/.exec(xml)?.[1] ?? '';
  expect(root).toContain('version="1.1"');
  expect(root).toMatch(/creator="[^"]+"/);
  expect(root).toContain('xmlns="http://www.topografix.com/GPX/1/1"');
  expect(xml.trimEnd().endsWith('</gpx>')).toBe(true);
  // metadata before trk, name before time (the schema's sequence)
  expect(xml.indexOf('<metadata>')).toBeLessThan(xml.indexOf('<trk>'));
  expect(xml.indexOf('<name>')).toBeLessThan(xml.indexOf('<time>'));
  const trk = /<trk>\s*<name>[^<]*<\/name>\s*<trkseg>([\s\S]*)<\/trkseg>\s*<\/trk>/.exec(xml);
  expect(trk).not.toBeNull();
  const points = [...(trk?.[1] ?? '').matchAll(/<trkpt lat="(-?\d+\.\d+)" lon="(-?\d+\.\d+)"\/>/g)].map((m) => [Number(m[2]), Number(m[1])]);
  for (const [lon, lat] of points) {
    expect(Math.abs(lat!)).toBeLessThanOrEqual(90);
    expect(Math.abs(lon!)).toBeLessThanOrEqual(180);
  }
  // Every tag opened is closed: no stray text from a name breaks the document.
  expect(xml.match(/<trkpt /g)?.length).toBe(points.length);
  return points;
}

describe('saved routes', () => {
  it('401; 400 for a bad line, an unknown key or a too long name; 201 with what was stored; only one’s own are listed', async () => {
    await request(t.app).post('/api/routes').send(body).expect(401);
    await request(t.app).get('/api/routes').expect(401);
    const owner = await buildUser(t.ctx);
    const a = agentAs(t, owner);
    await a
      .post('/api/routes')
      .send({ ...body, geometry: { type: 'LineString', coordinates: [[11.5, 48.1]] } })
      .expect(400);
    await a
      .post('/api/routes')
      .send({
        ...body,
        geometry: {
          type: 'LineString',
          coordinates: [
            [200, 48.1],
            [11, 48],
          ],
        },
      })
      .expect(400);
    await a
      .post('/api/routes')
      .send({ ...body, user_id: 99 })
      .expect(400);
    await a
      .post('/api/routes')
      .send({ ...body, name: 'x'.repeat(201) })
      .expect(422);
    const made = (await a.post('/api/routes').send(body).expect(201)).body;
    expect(made).toMatchObject({ name: body.name, description: body.description, distance_m: 1480, duration_s: 1066, public: 0, mine: true, geometry: line });
    await agentAs(t, await buildUser(t.ctx))
      .post('/api/routes')
      .send({ ...body, name: 'Fremd' })
      .expect(201);
    expect((await a.get('/api/routes').expect(200)).body.items.map((r: { id: number }) => r.id)).toEqual([made.id]);
  });

  it('another user’s private route: 403 for reading, GPX, change and delete; a public one may be read and downloaded but not changed; missing 404', async () => {
    const owner = await buildUser(t.ctx);
    const a = agentAs(t, owner);
    const priv = (await a.post('/api/routes').send(body).expect(201)).body;
    const pub = (
      await a
        .post('/api/routes')
        .send({ ...body, public: true })
        .expect(201)
    ).body;
    const b = agentAs(t, await buildUser(t.ctx));
    await b.get(`/api/routes/${priv.id}`).expect(403);
    const denied = await b.get(`/api/routes/${priv.id}/gpx`).expect(403);
    expect(denied.body.error.message).toBe('Diese Route gehört jemand anderem.');
    await b.patch(`/api/routes/${priv.id}`).send({ name: 'Meins' }).expect(403);
    await b.delete(`/api/routes/${priv.id}`).expect(403);
    expect((await b.get(`/api/routes/${pub.id}`).expect(200)).body.mine).toBe(false);
    await b.get(`/api/routes/${pub.id}/gpx`).expect(200);
    await b.patch(`/api/routes/${pub.id}`).send({ name: 'Meins' }).expect(403);
    for (const path of ['/api/routes/999999', '/api/routes/999999/gpx']) await a.get(path).expect(404);
    await a.delete('/api/routes/999999').expect(404);
    await a.patch(`/api/routes/${priv.id}`).send({ geometry: line }).expect(400);
    expect((await a.patch(`/api/routes/${priv.id}`).send({ name: 'Neu', public: true }).expect(200)).body).toMatchObject({ name: 'Neu', public: 1 });
    await a.delete(`/api/routes/${priv.id}`).expect(204);
    await a.get(`/api/routes/${priv.id}`).expect(404);
  });

  it('sharing needs a verified email', async () => {
    const unverified = agentAs(t, await buildUser(t.ctx, { email_verified_at: null }));
    await unverified
      .post('/api/routes')
      .send({ ...body, public: true })
      .expect(403);
    await unverified.post('/api/routes').send(body).expect(201);
  });

  it('GPX 1.1: the required structure, every point in order, names escaped, an attachment with a safe file name', async () => {
    const a = agentAs(t, await buildUser(t.ctx));
    const made = (await a.post('/api/routes').send(body).expect(201)).body;
    const res = await a.get(`/api/routes/${made.id}/gpx`).expect(200);
    expect(res.headers['content-type']).toBe('application/gpx+xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Runde-am-See-Park.gpx"; filename*=UTF-8''${encodeURIComponent(body.name)}.gpx`);
    const xml = res.text;
    expect(checkGpx11(xml)).toEqual(line.coordinates);
    expect(xml).toContain('<name>Runde &lt;am&gt; See &amp; Park</name>');
    expect(xml).toContain('<desc>Schattig, mit &quot;Wasser&quot;</desc>');
    expect(xml).not.toContain('<am>');
  });
});
