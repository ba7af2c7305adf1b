import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { allPages } from '../../../../test/helpers/paging.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { readBreedFile } from './breed-file.js';
import { loadBreeds } from './index.js';

const t = useTestApp();
const records = readBreedFile();

beforeAll(async () => {
  await loadBreeds(t.ctx);
});

async function breedPages(query: string, limit = 200): Promise<{ slug: string; name: string }[]> {
  return (await allPages<{ slug: string; name: string }>(request(t.app), `/api/wiki/rassen?limit=${limit}${query}`)).flatMap((p) => p.items);
}

describe('GET /api/wiki/rassen', () => {
  it('lists every breed of the data file exactly once across the cursor pages, in German name order', async () => {
    const items = await breedPages('', 137);
    expect(records.length).toBeGreaterThan(1000);
    expect(items).toHaveLength(records.length);
    expect(new Set(items.map((i) => i.slug)).size).toBe(records.length);
    const names = items.map((i) => i.name.toLowerCase());
    expect(names.indexOf('mops')).toBeGreaterThan(names.indexOf('deutscher schäferhund'));
  });

  it('returns the list shape with German labels and the default page size 50', async () => {
    const res = await request(t.app).get('/api/wiki/rassen').expect(200);
    expect(res.body.items).toHaveLength(50);
    expect(typeof res.body.next_cursor).toBe('string');
    const pug = (await request(t.app).get('/api/wiki/rassen?q=pug').expect(200)).body.items[0];
    expect(pug).toEqual({
      slug: 'pug',
      name: 'Mops',
      name_de: 'Mops',
      name_en: 'Pug',
      fci_group: 9,
      fci_group_label: 'Gesellschafts- und Begleithunde',
      size_class: 'small',
      size_label: 'Klein (5–11 kg)',
      origin_country: 'China',
      url: '/rassen/pug',
      stub: 0,
    });
  });

  it('answers a repeated request from the cache with the same ETag, and 304 when the client has it', async () => {
    const first = await request(t.app).get('/api/wiki/rassen?q=terrier').expect(200);
    const second = await request(t.app).get('/api/wiki/rassen?q=terrier').expect(200);
    expect(second.text).toBe(first.text);
    expect(first.headers.etag).toMatch(/^W\/"[0-9a-f]+-/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    await request(t.app)
      .get('/api/wiki/rassen?q=terrier')
      .set('If-None-Match', first.headers.etag ?? '')
      .expect(304);
    await request(t.app)
      .get('/api/wiki/rassen/pug')
      .set('If-None-Match', first.headers.etag ?? '')
      .expect(200);
  });

  it('finds a breed by its German, English or alternative name, case- and umlaut-insensitively', async () => {
    const slugs = async (q: string) =>
      (
        (
          await request(t.app)
            .get(`/api/wiki/rassen?q=${encodeURIComponent(q)}`)
            .expect(200)
        ).body.items as { slug: string }[]
      ).map((i) => i.slug);
    expect(await slugs('Deutscher Schäferhund')).toContain('german-shepherd');
    expect(await slugs('schaeferhund')).toContain('german-shepherd');
    expect(await slugs('GERMAN SHEPHERD')).toContain('german-shepherd');
    expect(await slugs('German Shepherd Dog')).toContain('german-shepherd');
    expect(await slugs('mops')).toEqual(['pug']);
    expect(await slugs('französische bulldogge')).toEqual(['french-bulldog']);
    expect(await slugs('gibt-es-nicht-xyz')).toEqual([]);
  });

  it('finds breeds by the names people type (Dackel, Teckel, Bernhardiner, Schäferhund), best match first, stubs last', async () => {
    const slugs = async (q: string) => (await breedPages(`&q=${encodeURIComponent(q)}`, 3)).map((i) => i.slug); // pages of 3: the order holds across cursors
    const dackel = await slugs('Dackel');
    expect(dackel.slice(0, 3).sort()).toEqual(['dachshund', 'miniature-dachshund', 'wire-haired-dachshund']);
    expect(dackel[0]).toBe('dachshund'); // exact name and a German entry before the English stubs
    expect(await slugs('teckel')).toContain('dachshund');
    expect((await slugs('Bernhardiner'))[0]).toBe('st-bernard');
    expect((await slugs('Schäferhund'))[0]).toBe('german-shepherd');
    const labrador = await slugs('Labrador');
    expect(labrador[0]).toBe('labrador-retriever');
    expect(labrador.indexOf('labrador-retriever')).toBeLessThan(labrador.indexOf('labrador-husky'));
    // Every match exactly once across the pages.
    expect(new Set(labrador).size).toBe(labrador.length);
  });

  it('finds nothing for a search of only LIKE wildcards or punctuation', async () => {
    const res = await request(t.app).get('/api/wiki/rassen?q=%25').expect(200);
    expect(res.body.items).toEqual([]);
    const underscore = await request(t.app).get('/api/wiki/rassen?q=_').expect(200);
    expect(underscore.body.items).toEqual([]);
  });

  it('filters by FCI group and size, alone and together', async () => {
    const group9 = await breedPages('&fci_group=9');
    expect(group9).toHaveLength(records.filter((r) => r.fci_group === 9).length);
    const giants = await breedPages('&size=giant');
    expect(giants).toHaveLength(records.filter((r) => r.size_class === 'giant').length);
    const both = await breedPages('&fci_group=2&size=giant');
    expect(both.map((b) => b.slug).sort()).toEqual(
      records
        .filter((r) => r.fci_group === 2 && r.size_class === 'giant')
        .map((r) => r.slug)
        .sort(),
    );
    expect(both.length).toBeGreaterThan(0);
    const searchAndGroup = (await request(t.app).get('/api/wiki/rassen?q=mops&fci_group=1').expect(200)).body.items;
    expect(searchAndGroup).toEqual([]);
  });

  it('answers 400 for a bad filter, limit or cursor and 422 for an over-long search', async () => {
    await request(t.app).get('/api/wiki/rassen?fci_group=11').expect(400);
    await request(t.app).get('/api/wiki/rassen?size=huge').expect(400);
    await request(t.app).get('/api/wiki/rassen?limit=201').expect(400);
    const cursor = await request(t.app).get('/api/wiki/rassen?cursor=kaputt').expect(400);
    expect(cursor.body.error.fields.cursor).toBe('Ungültiger Cursor.');
    const long = await request(t.app)
      .get(`/api/wiki/rassen?q=${'a'.repeat(101)}`)
      .expect(422);
    expect(long.body.error.fields.q).toBe('Höchstens 100 Zeichen.');
  });
});

describe('GET /api/wiki/rassen/{slug}', () => {
  it('returns one breed with German temperament, labels and parent breeds', async () => {
    const res = await request(t.app).get('/api/wiki/rassen/affenpinscher').expect(200);
    expect(res.body).toMatchObject({
      slug: 'affenpinscher',
      name: 'Affenpinscher',
      fci_group: 2,
      fci_number: 186,
      origin_country: 'Deutschland',
      size_class: 'toy',
      height_cm: { min: 22.9, max: 29.2 },
      weight_kg: { min: 3.2, max: 4.5 },
      life_span_years: { min: 12, max: 15 },
      status_label: 'Anerkannte Rasse',
      ai_generated: 0,
      ai_generated_fields: [],
      description_de: null,
    });
    expect(res.body.temperament).toContainEqual({ keyword: 'Stubborn', label: 'stur' });
    expect(res.body.temperament).toContainEqual({ keyword: 'Playful', label: 'verspielt' });
    expect(res.body.traits).toContainEqual({ key: 'energy_level', label: 'Bewegungsbedarf', value: 'Regelmäßige Bewegung' });
    const doodle = await request(t.app).get('/api/wiki/rassen/labradoodle').expect(200);
    expect(doodle.body.parent_breeds).toEqual([
      { slug: 'labrador-retriever', name: 'Labrador Retriever' },
      { slug: 'poodle', name: 'Pudel' },
    ]);
    expect(doodle.body.status_label).toBe('Kreuzung');
  });

  it('is 404 with a German message for an unknown breed and 400 for a malformed slug', async () => {
    const res = await request(t.app).get('/api/wiki/rassen/gibt-es-nicht').expect(404);
    expect(res.body.error).toEqual({ code: 'not_found', message: 'Diese Rasse kennen wir nicht.' });
    await request(t.app).get('/api/wiki/rassen/Mops').expect(400);
    await request(t.app)
      .get(`/api/wiki/rassen/${'a'.repeat(101)}`)
      .expect(422);
  });

  it('is described in the OpenAPI document like the list; the trap is not (a client walking it would block itself)', async () => {
    const doc = (await request(t.app).get('/api/openapi.json').expect(200)).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/wiki/rassen', '/api/wiki/rassen/{slug}']));
    expect(Object.keys(doc.paths)).not.toContain('/api/wiki/trap');
    expect(JSON.stringify(doc)).not.toContain('trap');
    expect(doc.paths['/api/wiki/rassen'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['q', 'fci_group', 'size', 'limit', 'cursor']),
    );
  });
});
