import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { SHOWN_AS_WRITTEN } from '#core/http/route/text-rules.js';
import { NAME_FIELD } from '#shared/hidden-format.js';
import { agentAs, buildDog, buildUser } from '../helpers/factories.js';
import { useTestApp } from '../helpers/test-app.js';
import type { Doc, Schema } from '../helpers/openapi-doc.js';

/**
 * Names and titles others see show what they say (issue 47): a bidi override made "\u202EnimdA\u202C" read "Admin"
 * in the forum, messages, friend requests and caregiver lists. The API document is walked so that a new route with a
 * name field cannot slip past the rule; a sample of real routes then refuses the characters and takes emoji.
 */
const t = useTestApp();

/** Every string field of every request body (JSON and multipart, nested objects too): [method path, field, pattern]. */
function bodyStrings(doc: Doc): [string, string, string | undefined][] {
  const resolve = (s: Schema): Schema => (s.$ref ? resolve(doc.components.schemas[s.$ref.split('/').pop()!]!) : s);
  const variants = (s: Schema): Schema[] => [
    resolve(s),
    ...[...(resolve(s).anyOf ?? []), ...(resolve(s).allOf ?? []), ...(resolve(s).oneOf ?? [])].flatMap(variants),
  ];
  const found: [string, string, string | undefined][] = [];
  const walk = (where: string, schema: Schema, depth: number) => {
    for (const body of variants(schema))
      for (const [field, property] of Object.entries(body.properties ?? {}))
        for (const v of variants(property)) {
          const types = [v.type ?? []].flat();
          if (types.includes('string')) found.push([where, field, v.pattern]);
          if (types.includes('object') && depth < 5) walk(where, v, depth + 1);
        }
  };
  for (const [path, operations] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(operations))
      for (const media of Object.values(op.requestBody?.content ?? {})) walk(`${method.toUpperCase()} ${path}`, media.schema, 0);
  return found;
}

const BIDI_AND_INVISIBLE = { 'U+202E': '\u202E', 'U+2066': '\u2066', 'U+200B': '\u200B', 'U+2060': '\u2060' };
const soon = () => new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
const place = (name: string) => ({ lat: 48.137, lon: 11.575, name, types: ['hundewiese'], public: true });
const thread = (title: string) => ({ category: 'allgemeines', title, body: 'Was meint ihr?' });

describe('names and titles in the API document', () => {
  it('every name, title and display field of every request body carries the rule as its pattern', async () => {
    const doc = (await request(t.app).get('/api/openapi.json').expect(200)).body as Doc;
    // The document's pattern is the kit's regex itself (without its flags, which JSON Schema has none of).
    const rule = SHOWN_AS_WRITTEN.source;
    const names = bodyStrings(doc).filter(([, field]) => NAME_FIELD.test(field));
    expect(names.filter(([, , pattern]) => pattern !== rule).map(([where, field]) => `${where} ${field}`)).toEqual([]);
    // The walk found them at all, the ones the issue named among them (a changed document would pass with none).
    const fields = new Set(names.map(([where, field]) => `${where} ${field}`));
    for (const expected of [
      'POST /api/auth/register name',
      'PATCH /api/me name',
      'PATCH /api/me city',
      'POST /api/dogs name',
      'PATCH /api/dogs/{dogId} name',
      'POST /api/forum/threads title',
      'POST /api/places name',
      'POST /api/events title',
      'POST /api/adoptions title',
      'POST /api/services name',
      'POST /api/routes name',
      'POST /api/lost-dogs name',
      'POST /api/playdates place_name',
      'POST /api/dogs/{dogId}/health-documents title',
    ])
      expect(fields, expected).toContain(expected);
    expect(names.length).toBeGreaterThan(50);
  });
});

describe('names and titles refuse bidi controls and invisible characters', () => {
  it('400 with a German message at the field for a user name (register, PATCH /api/me), a dog name, a forum title, a place name', async () => {
    const user = await buildUser(t.ctx);
    const a = agentAs(t, user);
    let n = 0;
    for (const [code, char] of Object.entries(BIDI_AND_INVISIBLE)) {
      const evil = `Bob ${char}nimda`;
      const tries: [string, Promise<request.Response>, string][] = [
        [
          'register',
          request(t.app)
            .post('/api/auth/register')
            .send({ email: `neu${n++}@example.org`, password: 'sicheres-passwort', name: evil }),
          'name',
        ],
        ['PATCH /api/me', a.patch('/api/me').send({ name: evil }), 'name'],
        ['dog', a.post('/api/dogs').send({ name: `Anna${char}gnp.exe` }), 'name'],
        ['forum', a.post('/api/forum/threads').send(thread(evil)), 'title'],
        ['place', a.post('/api/places').send(place(evil)), 'name'],
      ];
      for (const [what, answer, field] of tries) {
        const res = await answer;
        expect(res.status, `${what} ${code}`).toBe(400);
        expect(res.body.error.code).toBe('validation_failed');
        expect(res.body.error.fields[field], `${what} ${code}`).toMatch(/unsichtbare Steuerzeichen/);
      }
    }
    // Nothing was written: the name stayed, no dog, no thread, no place, no account.
    expect((await t.ctx.db.selectFrom('users').select('name').where('id', '=', user.id).executeTakeFirstOrThrow()).name).toBe(user.name);
    expect((await a.get('/api/dogs').expect(200)).body.items).toEqual([]);
    expect(await t.ctx.db.selectFrom('forum_threads').select('id').execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('places').select('id').execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('users').select('id').where('email', 'like', 'neu%').execute()).toEqual([]);
  });

  it('the right-to-left override of the probe ("\\u202EnimdA\\u202C") is refused at register', async () => {
    const res = await request(t.app)
      .post('/api/auth/register')
      .send({ email: 'probe@example.org', password: 'sicheres-passwort', name: '\u202EnimdA\u202C' })
      .expect(400);
    expect(Object.keys(res.body.error.fields)).toEqual(['name']);
  });

  it('umlauts, emoji and an emoji joined by a zero-width joiner (🐕‍🦺) still pass', async () => {
    const a = agentAs(t, await buildUser(t.ctx));
    await request(t.app).post('/api/auth/register').send({ email: 'juergen@example.org', password: 'sicheres-passwort', name: 'Jürgen 🐕' }).expect(201);
    expect((await a.patch('/api/me').send({ name: 'Ænne' }).expect(200)).body.name).toBe('Ænne');
    expect((await a.post('/api/dogs').send({ name: 'Rex 🐕‍🦺' }).expect(201)).body.name).toBe('Rex 🐕‍🦺');
    await a.post('/api/forum/threads').send(thread('Öl im Futter? 👩🏽‍💻 ❤️‍🔥')).expect(201);
    // A joiner that joins no emoji is refused.
    await a.post('/api/places').send(place('Wiese a\u200Db')).expect(400);
  });

  it('limits count characters, not UTF-16 units: 200 emoji are a 200-character title, 201 are 422', async () => {
    const owner = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner });
    const a = agentAs(t, owner);
    await a
      .post('/api/forum/threads')
      .send(thread('🐕'.repeat(200)))
      .expect(201);
    await a
      .post('/api/places')
      .send(place('🐾'.repeat(200)))
      .expect(201);
    await a
      .patch(`/api/dogs/${dog.id}`)
      .send({ name: '🐕'.repeat(80) })
      .expect(200);
    const over = await a
      .post('/api/forum/threads')
      .send(thread('🐕'.repeat(201)))
      .expect(422);
    expect(over.body.error.fields.title).toBe('Höchstens 200 Zeichen.');
    await a
      .patch(`/api/dogs/${dog.id}`)
      .send({ name: '🐕'.repeat(81) })
      .expect(422);
  });
});

describe('other titles and names others see', () => {
  it("an event's place name refuses a bidi isolate like its title", async () => {
    const a = agentAs(t, await buildUser(t.ctx));
    const res = await a.post('/api/events').send({ lat: 48.1, lon: 11.5, title: 'Schwimmen', place_name: 'See\u2066', starts_at: soon() }).expect(400);
    expect(Object.keys(res.body.error.fields)).toEqual(['place_name']);
  });
});
