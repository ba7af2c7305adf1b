import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

const t = useTestApp();

/** A warning reported through the API by a reporter with a name that must never reach the page. */
async function warning(description = 'Wurststücke mit Nägeln am Spielplatz', at = { lat: 52.520_817, lon: 13.409_419 }) {
  const reporter = await buildUser(t.ctx, { name: 'Rudi Reporterich' });
  const res = await agentAs(t, reporter)
    .post('/api/poison-warnings')
    .send({ kind: 'sharp_objects', description, ...at })
    .expect(201);
  return { reporter, id: res.body.id as number };
}
const setStatus = (id: number, status: string) => t.ctx.db.updateTable('poison_warnings').set({ status }).where('id', '=', id).execute();

describe('GET /giftkoeder/{id}', () => {
  it('shows kind, text, status, time and the area rounded to about 100 m; never the reporter; noindex while unconfirmed', async () => {
    const { reporter, id } = await warning();
    const res = await request(t.app).get(`/giftkoeder/${id}`).expect(200).expect('Content-Type', /html/);
    const html = res.text;
    expect(html).toContain('Köder mit spitzen Gegenständen gemeldet');
    expect(html).toContain('Wurststücke mit Nägeln am Spielplatz');
    expect(html).toContain('Noch nicht bestätigt');
    expect(html).toMatch(/Gemeldet am <strong>\d{1,2}\. \p{L}+ \d{4} um \d{2}:\d{2} Uhr<\/strong>/u);
    expect(html).toContain('data-lat="52.521" data-lon="13.409" data-radius="100"');
    expect(html).not.toContain('52.520817');
    expect(html).not.toContain('13.409419');
    expect(html).not.toContain('Rudi');
    expect(html).not.toContain(reporter.email);
    expect(html).not.toMatch(new RegExp(`/(?:users|profil|nutzer)/${reporter.id}\\b`));
    expect(html).not.toContain(`"user_id"`);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(html).toContain(`<link rel="canonical" href="http://127.0.0.1/giftkoeder/${id}">`);
    expect(html).toContain('data-share');
    expect(html).toContain('src="/js/share-link.js');
    expect(html).toContain(`href="/app/giftkoeder/${id}"`);
  });

  it('is indexable once confirmed; a false alarm says so without the text or the map', async () => {
    const { id } = await warning();
    await setStatus(id, 'confirmed');
    const confirmed = await request(t.app).get(`/giftkoeder/${id}`).expect(200);
    expect(confirmed.text).not.toContain('noindex');
    expect(confirmed.headers['x-robots-tag']).toBeUndefined();
    expect(confirmed.text).toContain('Bestätigt');
    await setStatus(id, 'false_alarm');
    const calm = await request(t.app).get(`/giftkoeder/${id}`).expect(200);
    expect(calm.text).toContain('Entwarnung');
    expect(calm.text).not.toContain('Wurststücke');
    expect(calm.text).not.toContain('data-spot');
    expect(calm.headers['x-robots-tag']).toBe('noindex');
  });

  it('is 410 once archived and 404 for a missing or malformed id', async () => {
    const { id } = await warning();
    await setStatus(id, 'archived');
    const gone = await request(t.app).get(`/giftkoeder/${id}`).expect(410);
    expect(gone.text).toContain('archiviert');
    expect(gone.text).not.toContain('Wurststücke');
    await request(t.app).get('/giftkoeder/999999').expect(404);
    await request(t.app).get('/giftkoeder/abc').expect(404);
    await request(t.app).get('/giftkoeder/0').expect(404);
  });

  it('escapes the text: a <script> in it stays text', async () => {
    const { id } = await warning('<script>alert(1)</script> & "Köder" <img src=x onerror=alert(2)>');
    const html = (await request(t.app).get(`/giftkoeder/${id}`).expect(200)).text;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#34;Köder&#34; &lt;img src=x onerror=alert(2)&gt;');
    // The description meta tag too.
    expect(html).toMatch(/<meta name="description" content="&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  });
});
