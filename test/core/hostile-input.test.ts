import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonDepthExceeds } from '../../src/core/http/json-body.js';
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
