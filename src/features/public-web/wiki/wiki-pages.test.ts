import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonLdOf, metaTags } from '../../../../test/helpers/html.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { readBreedFile, type BreedRecord } from './breed-file.js';
import { loadBreeds } from './breeds.loader.js';

const t = useTestApp();
const EVIL = '"><script>alert(1)</script>';

const evilBreed: BreedRecord = {
  slug: 'boeser-test-hund',
  name_en: `Evil Hound${EVIL}`,
  name_de: `Böser Hund${EVIL}`,
  alt_names: ['</script><!--', "O'Hara & Söhne"],
  wikidata_id: 'Q1',
  fci_number: null,
  fci_group: 3,
  fci_section_de: `Sektion${EVIL}`,
  fci_provisional: null,
  origin_country_de: `Land${EVIL}`,
  size_class: 'small',
  height_cm: null,
  weight_kg: { min: 5, max: 8 },
  life_span_years: null,
  temperament: ['Playful'],
  coat: null,
  traits: null,
  status: null,
  parent_slugs: [],
  field_sources: {},
};

beforeAll(async () => {
  await loadBreeds(t.ctx, [...readBreedFile(), evilBreed]);
});

describe('GET /rassen/{slug}', () => {
  it('renders the fact sheet in German with social-preview tags and schema.org JSON-LD', async () => {
    const res = await request(t.app).get('/rassen/affenpinscher').expect(200).expect('Content-Type', /html/);
    const html = res.text;
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<h1>Affenpinscher</h1>');
    expect(html).toContain('Widerristhöhe');
    expect(html).toContain('22,9–29,2 cm');
    expect(html).toContain('3,2–4,5 kg');
    expect(html).toContain('<li>verspielt</li>');
    expect(html).toContain('2 – Pinscher und Schnauzer');
    expect(metaTags(html)).toMatchObject({
      property: { 'og:title': 'Affenpinscher – Steckbrief und Wesen | Pfotenbuch', 'og:url': 'http://127.0.0.1/rassen/affenpinscher', 'og:type': 'article' },
      name: { 'twitter:card': 'summary_large_image', description: expect.stringMatching(/^Affenpinscher: Herkunft: Deutschland/) },
    });
    const ld = jsonLdOf<{ '@graph': { '@type': string; about?: { name: string; sameAs?: string } }[] }>(html);
    expect(ld['@graph'][0]).toMatchObject({ '@type': 'WebPage', about: { name: 'Affenpinscher', sameAs: 'https://www.wikidata.org/wiki/Q7254' } });
    expect(ld['@graph'][1]?.['@type']).toBe('BreadcrumbList');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('shows what is known for a breed without data, and links crossbreed parents', async () => {
    const bare = await request(t.app).get('/rassen/abyssinian-sand-terrier').expect(200);
    expect(bare.text).toContain('Zu dieser Rasse wissen wir bisher nur den Namen.');
    const doodle = await request(t.app).get('/rassen/labradoodle').expect(200);
    expect(doodle.text).toContain('<a href="/rassen/poodle">Pudel</a>');
  });

  it('escapes breed texts everywhere: visible text, title, social-preview tags and JSON-LD', async () => {
    const html = (await request(t.app).get('/rassen/boeser-test-hund').expect(200)).text;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('"><script>');
    // The only script element is the JSON-LD block, and its text cannot end it early.
    expect(html.match(/<script(?! src="\/js\/session-link\.js)/g)).toHaveLength(1);
    expect(html).toContain('Böser Hund&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(metaTags(html)).toMatchObject({
      property: { 'og:title': 'Böser Hund&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt; – Steckbrief und Wesen | Pfotenbuch' },
      name: { 'twitter:title': expect.stringContaining('&lt;script&gt;'), 'twitter:description': expect.stringContaining('Land&#34;&gt;&lt;script&gt;') },
    });
    expect(html).toContain('\\u003c/script\\u003e\\u003c!--');
    const ld = jsonLdOf<{ '@graph': { about?: { name: string; alternateName: string[] } }[] }>(html);
    expect(ld['@graph'][0]?.about?.name).toBe(`Böser Hund${EVIL}`);
    expect(ld['@graph'][0]?.about?.alternateName).toContain('</script><!--');
  });

  it('contains the invisible honeypot link, marked nofollow and hidden by CSS', async () => {
    const html = (await request(t.app).get('/rassen/affenpinscher').expect(200)).text;
    expect(html).toContain('<a class="hp" href="/api/wiki/trap" rel="nofollow">');
    const css = (await request(t.app).get('/css/site.css').expect(200)).text;
    expect(css).toMatch(/\.hp\s*\{\s*display:\s*none;\s*\}/);
  });

  it('answers an unknown or malformed breed with the German 404 page', async () => {
    const res = await request(t.app).get('/rassen/gibt-es-nicht').set('Accept', 'text/html').expect(404);
    expect(res.text).toContain('Diese Rasse kennen wir nicht.');
    await request(t.app).get('/rassen/%3Cscript%3E').set('Accept', 'text/html').expect(404);
  });
});

describe('GET /rassen', () => {
  it('lists 60 breeds per page with numbered pages, and the count', async () => {
    const res = await request(t.app).get('/rassen').expect(200);
    const items = res.text.match(/<li><a href="\/rassen\//g) ?? [];
    expect(items).toHaveLength(60);
    expect(res.text).toContain('1.037 Rassen von A bis Z');
    expect(res.text).toContain('Seite 1 von 18');
    expect(res.text).toContain('<a rel="next" href="/rassen?seite=2">');
    const last = await request(t.app).get('/rassen?seite=18').expect(200);
    expect(last.text.match(/<li><a href="\/rassen\//g)).toHaveLength(1037 - 17 * 60);
    expect(last.text).not.toContain('rel="next"');
    const beyond = await request(t.app).get('/rassen?seite=99').expect(200);
    expect(beyond.text).toContain('Seite 18 von 18');
    expect(beyond.text.match(/<li><a href="\/rassen\//g)).toHaveLength(1037 - 17 * 60);
  });

  it('lists the stubs after the full entries under their own heading, and a stub page says what is known and how it grows', async () => {
    const first = await request(t.app).get('/rassen').expect(200);
    expect(first.text).not.toContain('Kurzeinträge');
    expect(first.text).toContain('href="/rassen/affenpinscher"');
    // Every page from the first stub on carries the heading above its stubs, and no full entry comes after it.
    const pages = await Promise.all(Array.from({ length: 18 }, (_, i) => request(t.app).get(`/rassen?seite=${i + 1}`)));
    const withStubs = pages.map((p) => p.text.includes('<h2 class="breed-stubs">Kurzeinträge</h2>'));
    const from = withStubs.indexOf(true);
    expect(from).toBeGreaterThan(5);
    expect(withStubs.slice(from).every(Boolean)).toBe(true);
    for (const p of pages.slice(from + 1)) expect(p.text).not.toContain('<ul class="breed-list">');
    const stub = await request(t.app).get('/rassen/abyssinian-sand-terrier').expect(200);
    expect(stub.text).toContain('Ein Kurzeintrag: Zu dieser Rasse wissen wir bisher nur den Namen');
    expect(stub.text).toContain('So wächst das Wiki');
    expect(stub.text).toContain('https://www.wikidata.org/wiki/Q1806071');
    expect(stub.text).toContain('Kommen neue Angaben dazu'); // no AI on this install: no promise of an AI
    const full = await request(t.app).get('/rassen/affenpinscher').expect(200);
    expect(full.text).not.toContain('Kurzeintrag');
  });

  it('searches and filters through the plain HTML form (no JavaScript needed)', async () => {
    const res = await request(t.app).get('/rassen?q=mops').expect(200);
    expect(res.text).toContain('1 Rasse gefunden');
    expect(res.text).toContain('<a href="/rassen/pug"><strong>Mops</strong>');
    const filtered = await request(t.app).get('/rassen?gruppe=9&groesse=toy').expect(200);
    expect(filtered.text).toContain('<option value="9" selected>');
    expect(filtered.text).toContain('<option value="toy" selected>');
    expect(filtered.text).toContain('Chihuahua');
    expect(filtered.text).not.toContain('href="/rassen/pug"');
  });

  it('ignores filter values that do not fit instead of failing, and escapes the search term', async () => {
    const res = await request(t.app)
      .get(`/rassen?gruppe=99&groesse=riesig&seite=-3&q=${encodeURIComponent(EVIL)}`)
      .expect(200);
    expect(res.text).not.toContain('<script>alert');
    expect(res.text).toContain('value="&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });
});
