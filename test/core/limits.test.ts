import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildUser } from '../helpers/factories.js';
import { useTestApp } from '../helpers/test-app.js';
import type { Doc, Schema } from '../helpers/openapi-doc.js';

/**
 * The spec's Limits table, read from the API document every client is generated from (issue 32): every description,
 * body and text field takes 10,000 characters, a note 5,000, every title 200. Walking the document means a new route
 * cannot slip past; the document's maxLength is the zod schema the route validates with, so the number here is the
 * number enforced. A sample of real create routes then takes 10,000 characters and refuses 10,001.
 */
const t = useTestApp();

/** Where a `name` is a dog's name: a dog, a lost dog, a puppy. */
const DOG_PATHS = /^\/api\/(dogs(\/\{dogId\})?|lost-dogs(\/\{id\})?|puppies\/\{id\}|litters\/\{id\}\/puppies)$/;

/**
 * Every row of the spec's Limits table that is a text field, by the field's name. A field named like a description
 * or a body (`description`, `long_description`, `body`, `text`, a person's `bio`) is a body field, except the text
 * of a note (/api/notes) and the notes beside a record (`notes`), which are notes. Titles and names are 200, except
 * a dog's name and breed (80) and a dog's bio (2,000). Other names (a rejection's `reason`, a phone number) are not
 * rows of the table.
 */
function limitOf(path: string, field: string): { kind: string; limit: number } | null {
  const dog = DOG_PATHS.test(path);
  if ((path.startsWith('/api/notes') && field === 'text') || field === 'notes') return { kind: 'note', limit: 5_000 };
  if (field === 'bio') return dog ? { kind: 'dog bio', limit: 2_000 } : { kind: 'description/body', limit: 10_000 };
  if (/description$|^body$|^text$/.test(field)) return { kind: 'description/body', limit: 10_000 };
  if ((dog && field === 'name') || /(^|_)breed$|^(father|mother)_name$/.test(field)) return { kind: 'dog name/breed', limit: 80 };
  if (/(^|_)(title|name)$/.test(field)) return { kind: 'title/name', limit: 200 };
  if (/(^|_)email$/.test(field)) return { kind: 'email', limit: 254 };
  if (/(^|_)url$|^website$|^endpoint$/.test(field)) return { kind: 'URL', limit: 500 };
  if (/(^|_)slug$|^category$/.test(field)) return { kind: 'slug/category', limit: 100 };
  return null;
}

async function apiDocument(): Promise<Doc> {
  return (await request(t.app).get('/api/openapi.json').expect(200)).body as Doc;
}

/** Every string field with a maxLength in every request body: [method, path, field, maxLength]. */
function bodyFields(doc: Doc): [string, string, string, number][] {
  const resolve = (s: Schema): Schema => (s.$ref ? resolve(doc.components.schemas[s.$ref.split('/').pop()!]!) : s);
  const variants = (s: Schema): Schema[] => [
    resolve(s),
    ...[...(resolve(s).anyOf ?? []), ...(resolve(s).allOf ?? []), ...(resolve(s).oneOf ?? [])].flatMap(variants),
  ];
  const found: [string, string, string, number][] = [];
  for (const [path, operations] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(operations))
      for (const media of Object.values(op.requestBody?.content ?? {}))
        for (const body of variants(media.schema))
          for (const [field, property] of Object.entries(body.properties ?? {}))
            for (const v of variants(property)) if (v.maxLength !== undefined) found.push([method.toUpperCase(), path, field, v.maxLength]);
  return found;
}

describe('the Limits table in every request body', () => {
  it('every text row of the Limits table holds in every write operation: descriptions and bodies 10,000, notes 5,000, titles and names 200, …', async () => {
    const fields = bodyFields(await apiDocument());
    const wrong: string[] = [];
    const checked = new Map<string, number>();
    for (const [method, path, field, maxLength] of fields) {
      const rule = limitOf(path, field);
      if (!rule) continue;
      checked.set(rule.kind, (checked.get(rule.kind) ?? 0) + 1);
      if (maxLength !== rule.limit) wrong.push(`${method} ${path} ${field}: ${maxLength}, not ${rule.limit}`);
    }
    expect(wrong).toEqual([]);
    // The walk found the fields at all (a renamed document structure would otherwise pass with nothing checked).
    expect(Object.fromEntries(checked)).toMatchObject({
      'description/body': expect.toSatisfy((n: number) => n >= 25),
      note: expect.toSatisfy((n: number) => n >= 10),
      'title/name': expect.toSatisfy((n: number) => n >= 20),
      'dog name/breed': expect.toSatisfy((n: number) => n >= 5),
      'dog bio': expect.toSatisfy((n: number) => n >= 2),
      email: expect.toSatisfy((n: number) => n >= 3),
      URL: expect.toSatisfy((n: number) => n >= 3),
      'slug/category': expect.toSatisfy((n: number) => n >= 3),
    });
    // Every create route (POST) with a description is among them, the nine the issue named included.
    const creates = new Set(fields.filter(([m, , f]) => m === 'POST' && f === 'description').map(([, p]) => p));
    for (const path of [
      '/api/places',
      '/api/playdates',
      '/api/lost-dogs',
      '/api/poison-warnings',
      '/api/sitting',
      '/api/services',
      '/api/routes',
      '/api/adoptions',
      '/api/events',
    ])
      expect(creates, path).toContain(path);
  });

  it('real create routes take a 10,000-character description and refuse 10,001 with 422', async () => {
    const a = agentAs(t, await buildUser(t.ctx));
    const at = { lat: 48.137, lon: 11.575 };
    const soon = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    const line = { type: 'LineString', coordinates: [at, { lat: 48.14, lon: 11.58 }].map((p) => [p.lon, p.lat]) };
    const samples: [string, Record<string, unknown>][] = [
      ['/api/poison-warnings', { ...at, kind: 'poison' }],
      ['/api/places', { ...at, name: 'Hundewiese', types: ['hundewiese'], public: true }],
      ['/api/lost-dogs', { ...at, name: 'Bello', last_seen_at: new Date().toISOString() }],
      ['/api/playdates', { ...at, title: 'Treffen im Park', starts_at: soon }],
      ['/api/adoptions', { ...at, title: 'Lotte sucht ein Zuhause' }],
      ['/api/events', { ...at, title: 'Hundeschwimmen', starts_at: soon }],
      ['/api/sitting', { ...at, type: 'offer' }],
      ['/api/services', { ...at, name: 'Salon Fell', category: 'hundesalon' }],
      ['/api/routes', { name: 'Runde am Fluss', geometry: line, distance_m: 800 }],
    ];
    for (const [path, body] of samples) {
      // Umlauts count as characters, not bytes.
      await a
        .post(path)
        .send({ ...body, description: 'ö'.repeat(10_000) })
        .expect(201);
      const refused = await a
        .post(path)
        .send({ ...body, description: 'x'.repeat(10_001) })
        .expect(422);
      expect(refused.body.error.fields, path).toHaveProperty('description');
    }
  });
});
