import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { containsPattern } from '../../src/core/db/like.js';
import { jsonDepthExceeds } from '../../src/core/http/json-body.js';
import { agentAs, buildAdmin, buildUser } from '../helpers/factories.js';
import { useTestApp } from '../helpers/test-app.js';

// Issue 16: request bodies an attacker sends to freeze or flood the server.
const t = useTestApp();

afterEach(() => vi.restoreAllMocks());

/** Spies on JSON.parse and reports the longest text it was asked to parse. */
function watchParse() {
  const spy = vi.spyOn(JSON, 'parse');
  return () => Math.max(0, ...spy.mock.calls.map((c) => (typeof c[0] === 'string' ? c[0].length : 0)));
}

describe('JSON bodies', () => {
  it('are limited to 1 MB (413 with a German message), on any path, without being parsed', async () => {
    const longest = watchParse();
    const body = JSON.stringify({ email: 'a@b.de', password: 'x'.repeat(2 * 1024 * 1024) });
    for (const path of ['/api/auth/login', '/api/gibt-es-nicht', '/api/health']) {
      const res = await request(t.app).post(path).set('Content-Type', 'application/json').send(body).expect(413);
      expect(res.body.error).toMatchObject({ code: 'payload_too_large', message: 'Die Anfrage ist zu groß (JSON höchstens 1 MB).' });
    }
    expect(longest()).toBeLessThan(1024 * 1024);
  });

  it('refuses deep nesting before JSON.parse builds it (400 json_too_deep)', async () => {
    const longest = watchParse();
    const deep = '['.repeat(50_000) + ']'.repeat(50_000);
    const res = await request(t.app).post('/api/auth/login').set('Content-Type', 'application/json').send(deep).expect(400);
    expect(res.body.error.code).toBe('json_too_deep');
    expect(longest()).toBeLessThan(deep.length);
    // Ordinary nesting still passes to validation.
    await request(t.app).post('/api/auth/login').set('Content-Type', 'application/json').send({ email: 'a@b.de', password: 'passwort-123' }).expect(401);
  });

  it('counts brackets inside strings as text, not nesting', () => {
    expect(jsonDepthExceeds(Buffer.from(JSON.stringify({ a: '[[[[[[[[[[', b: '\\"[[[[' })), 3)).toBe(false);
    expect(jsonDepthExceeds(Buffer.from('[[[[]]]]'), 3)).toBe(true);
    expect(jsonDepthExceeds(Buffer.from('[[[]]]'), 3)).toBe(false);
  });

  it('must be UTF-8: another declared charset is 415', async () => {
    const res = await request(t.app).post('/api/auth/login').set('Content-Type', 'application/json; charset=utf-16').send('{"email":"a@b.de"}').expect(415);
    expect(res.body.error.code).toBe('unsupported_media_type');
    await request(t.app)
      .post('/api/auth/login')
      .set('Content-Type', 'application/json; charset=UTF-8')
      .send('{"email":"a@b.de","password":"passwort-123"}')
      .expect(401);
  });
});

describe('validation errors', () => {
  it('name the first 20 fields and count the rest instead of listing every unknown key', async () => {
    const body: Record<string, number> = { email: 1 } as Record<string, number>;
    for (let i = 0; i < 5000; i++) body[`k${i}`] = i;
    const res = await request(t.app).post('/api/auth/login').send(body).expect(400);
    const fields = res.body.error.fields as Record<string, string>;
    expect(Object.keys(fields)).toHaveLength(21);
    expect(fields._more).toMatch(/^Und [\d.]+ weitere\.$/);
    expect(JSON.stringify(res.body).length).toBeLessThan(3000);
  });
});

describe('the Origin check (CSRF)', () => {
  it('compares with PUBLIC_URL only: an Origin that matches a forged Host is still foreign', async () => {
    const res = await request(t.app)
      .post('/api/auth/login')
      .set('Host', 'evil.example')
      .set('Origin', 'http://evil.example')
      .send({ email: 'a@b.de', password: 'passwort-123' })
      .expect(403);
    expect(res.body.error.code).toBe('bad_origin');
    await request(t.app).post('/api/auth/login').set('Origin', 'http://127.0.0.1').send({ email: 'a@b.de', password: 'passwort-123' }).expect(401);
  });
});

describe('control characters and invisible texts', () => {
  it('refuse a NUL in a query: q=%00zzzz no longer lists every user in the staff search', async () => {
    const admin = await buildAdmin(t.ctx);
    await buildUser(t.ctx, { name: 'Anna Zufall' });
    const res = await agentAs(t, admin).get('/api/admin/users/search?q=%00zzzz').expect(400);
    expect(res.body.error).toMatchObject({ code: 'control_characters', fields: { q: expect.any(String) } });
    // and a repo on its own: the pattern drops the NUL instead of letting LIKE stop at it
    expect(containsPattern('\u0000zz%_\\')).toBe('%zz\\%\\_\\\\%');
  });

  it('refuse control characters in JSON texts, also in keys, but keep line breaks and tabs in long texts', async () => {
    const user = await buildUser(t.ctx);
    const agent = agentAs(t, user);
    expect((await agent.post('/api/dogs').send({ name: 'Bello\u0007' }).expect(400)).body.error.code).toBe('control_characters');
    expect((await agent.post('/api/dogs').send({ name: 'Bello', bio: 'a\u001bb' }).expect(400)).body.error.fields).toHaveProperty('bio');
    await agent.post('/api/dogs').send({ name: 'Bello', 'x\u0000': 1 }).expect(400);
    const dog = await agent.post('/api/dogs').send({ name: 'Bello', bio: 'Zeile eins\nZeile zwei\tmit Tab' }).expect(201);
    expect(dog.body.bio).toBe('Zeile eins\nZeile zwei\tmit Tab');
  });

  it('keep names and titles on one line', async () => {
    const user = await buildUser(t.ctx);
    const res = await agentAs(t, user).post('/api/dogs').send({ name: 'Bello\nDrop' }).expect(400);
    expect(res.body.error.fields.name).toBe('Bitte schreib das in eine Zeile.');
  });

  it('refuse names made only of invisible or bidi-override characters', async () => {
    const user = await buildUser(t.ctx);
    for (const name of ['\u202e\u202d', '\u200b\u200c\u200d', '\u2066\u2069', '\u3164', '\u00ad\ufeff']) {
      const res = await agentAs(t, user).post('/api/dogs').send({ name }).expect(400);
      expect(res.body.error.fields.name, JSON.stringify(name)).toBe('Bitte gib sichtbare Zeichen ein.');
    }
    await agentAs(t, user).patch('/api/me').send({ name: '\u200b\u202e' }).expect(400);
    await request(t.app).post('/api/auth/register').send({ email: 'unsichtbar@example.de', password: 'sicheres-passwort', name: '\u200b' }).expect(400);
    // a real name with a joiner inside stays allowed
    await agentAs(t, user).post('/api/dogs').send({ name: 'Bälle\u200dchen' }).expect(201);
  });
});
