import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { metaTags } from '../../../../test/helpers/html.js';
import { createTestApp, useTestApp } from '../../../../test/helpers/test-app.js';
import { loadBreeds } from '../wiki/index.js';

const t = useTestApp();
let breedCount = 0;

beforeAll(async () => {
  breedCount = (await loadBreeds(t.ctx)).inserted;
});

describe('GET /', () => {
  it('is a German page with sign-up and log-in links, social-preview tags and no JavaScript', async () => {
    const res = await request(t.app).get('/').expect(200).expect('Content-Type', /html/);
    const html = res.text;
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('href="/app/registrieren"');
    expect(html).toContain('href="/app/anmelden"');
    expect(html).toContain('href="/rassen"');
    expect(html).toContain('href="/help"');
    expect(metaTags(html)).toMatchObject({
      property: { 'og:title': 'Pfotenbuch – die App für dich und deinen Hund', 'og:image': 'http://127.0.0.1/icons/og-image.png', 'og:locale': 'de_DE' },
      name: { 'twitter:card': 'summary_large_image', description: expect.stringMatching(/Rassen-Wiki/) },
    });
    expect(html).toContain('<link rel="canonical" href="http://127.0.0.1/">');
    // Fast without JavaScript: besides the deferred session link ("Zur App"; the page works without it) the only
    // script element is structured data, never executed.
    expect(html.match(/<script(?! src="\/js\/session-link\.js)/g)).toEqual(['<script']);
    expect(html).toContain('<script type="application/ld+json">');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
  });

  it('escapes the app name in every social-preview tag', async () => {
    const evil = await createTestApp({ env: { APP_NAME: 'Pfoten"><script>x</script>' } });
    try {
      const html = (await request(evil.app).get('/').expect(200)).text;
      expect(html).not.toContain('<script>x');
      expect(metaTags(html)).toMatchObject({
        property: { 'og:site_name': 'Pfoten&#34;&gt;&lt;script&gt;x&lt;/script&gt;' },
        name: { 'twitter:title': expect.stringContaining('&lt;script&gt;') },
      });
      expect(html).toContain('\\u003cscript\\u003ex\\u003c/script\\u003e');
    } finally {
      await evil.close();
    }
  });

  it('does not shadow the API, media or robots.txt', async () => {
    const api = await request(t.app).get('/api/gibt-es-nicht').expect(404);
    expect(api.body.error.code).toBe('not_found');
    await request(t.app)
      .get('/robots.txt')
      .expect(200)
      .expect('Content-Type', /text\/plain/);
    await request(t.app).get('/api/version').expect(200);
    const page = await request(t.app).get('/gibt-es-nicht').set('Accept', 'text/html').expect(404);
    expect(page.text).toContain('Diese Seite gibt es nicht');
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the landing page, help, the plans, the breed list, every breed page and the poison-bait radar', async () => {
    const res = await request(t.app)
      .get('/sitemap.xml')
      .expect(200)
      .expect('Content-Type', /application\/xml/);
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.slice(0, 4)).toEqual(['http://127.0.0.1/', 'http://127.0.0.1/help', 'http://127.0.0.1/tarife', 'http://127.0.0.1/rassen']);
    expect(locs).toContain('http://127.0.0.1/rassen/pug');
    // The radar's towns come with their warnings (radar.test.ts): here only its overview.
    expect(locs).toContain('http://127.0.0.1/giftkoeder-radar');
    expect(locs).toHaveLength(5 + breedCount);
    expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(res.text).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    expect(res.text).not.toMatch(/127\.0\.0\.1\/app[/<]/);
  });
});
