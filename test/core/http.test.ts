import { readFileSync } from 'node:fs';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { VERSION_FILE } from '#core/paths.js';
import { buildUser, sessionCookie } from '../helpers/factories.js';
import { useTestApp } from '../helpers/test-app.js';

const t = useTestApp({ env: { TRUST_PROXY: '1' } });

describe('error model and request guards', () => {
  it('answers 413 for a body over 20 MB', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(21 * 1024 * 1024) });
    const res = await request(t.app).post('/api/auth/register').set('Content-Type', 'application/json').send(big).expect(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('answers 400 for malformed JSON with the German error body', async () => {
    const res = await request(t.app).post('/api/auth/login').set('Content-Type', 'application/json').send('{nope').expect(400);
    expect(res.body).toEqual({ error: { code: 'malformed_json', message: expect.stringMatching(/JSON/) } });
  });

  it('answers 404 as JSON under /api and as an HTML page elsewhere', async () => {
    const api = await request(t.app).get('/api/gibt-es-nicht').expect(404);
    expect(api.body.error.code).toBe('not_found');
    const page = await request(t.app).get('/gibt-es-nicht').set('Accept', 'text/html').expect(404);
    expect(page.headers['content-type']).toMatch(/html/);
    expect(page.text).toMatch(/Diese Seite gibt es nicht/);
  });

  it('refuses a write from a foreign Origin (403) and a non-JSON body (415)', async () => {
    await request(t.app).post('/api/auth/login').set('Origin', 'https://evil.example').send({ email: 'a@b.de', password: 'x' }).expect(403);
    await request(t.app).post('/api/auth/login').set('Content-Type', 'text/plain').send('email=a@b.de').expect(415);
    await request(t.app).post('/api/auth/login').set('Content-Type', 'application/x-www-form-urlencoded').send('email=a@b.de').expect(415);
    await request(t.app).post('/api/auth/login').set('Origin', 'http://127.0.0.1').send({ email: 'a@b.de', password: 'x' }).expect(401);
  });

  it('gives every response a request id, keeping a sane incoming one', async () => {
    const own = await request(t.app).get('/api/version').set('X-Request-Id', 'abc12345-trace');
    expect(own.headers['x-request-id']).toBe('abc12345-trace');
    const bad = await request(t.app).get('/api/version').set('X-Request-Id', '<script>');
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sets the security headers (CSP, referrer policy for OSM tiles, nosniff)', async () => {
    const page = await request(t.app).get('/');
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(page.headers['content-security-policy']).toMatch(/tile\.openstreetmap\.org/);
    const res = await request(t.app).get('/api/version');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

const ONE_HOUR_x4_UP_TO_A_DAY = { firstMinutes: 60, factor: 4, maxMinutes: 24 * 60 };

describe('IP blocklist', () => {
  it('answers 403 to a blocked address on every route and leaves others alone', async () => {
    await t.ctx.blocklist.block('203.0.113.9', 'test', ONE_HOUR_x4_UP_TO_A_DAY);
    const blocked = await request(t.app).get('/api/version').set('X-Forwarded-For', '203.0.113.9').expect(403);
    expect(blocked.body.error.message).toMatch(/gesperrt/);
    await request(t.app).get('/robots.txt').set('X-Forwarded-For', '203.0.113.9').expect(403);
    await request(t.app).get('/api/version').set('X-Forwarded-For', '203.0.113.10').expect(200);
    const row = await t.ctx.db.selectFrom('ip_blocks').select('ip').where('ip', '=', '203.0.113.9').executeTakeFirst();
    expect(row).toBeDefined();
  });

  it('never stops a request with a valid session, nor login, registration and password reset, from a blocked address', async () => {
    await t.ctx.blocklist.block('203.0.113.20', 'test', ONE_HOUR_x4_UP_TO_A_DAY);
    const user = await buildUser(t.ctx);
    const from = (path: string) => request(t.app).get(path).set('X-Forwarded-For', '203.0.113.20');
    await from('/api/auth/me').expect(403); // anonymous
    await from('/api/auth/me').set('Cookie', sessionCookie(t.ctx, user)).expect(200); // the same network, signed in
    const post = (path: string, body: object) => request(t.app).post(path).set('X-Forwarded-For', '203.0.113.20').set('Origin', 'http://127.0.0.1').send(body);
    expect((await post('/api/auth/login', { email: user.email, password: 'falsch-falsch' })).status).not.toBe(403);
    expect((await post('/api/auth/register', {})).status).toBe(400); // reached the route's validation
    expect((await post('/api/auth/password-reset', {})).status).not.toBe(403);
    await request(t.app).get('/api/auth/me').set('X-Forwarded-For', '203.0.113.21').expect(401); // another address
  });

  it('lengthens each repeat block (1 h, 4 h, 16 h, then 24 h at most) and counts the hits', async () => {
    const lengths: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { hits, blocked_until } = await t.ctx.blocklist.block('203.0.113.30', 'test', ONE_HOUR_x4_UP_TO_A_DAY);
      expect(hits).toBe(i + 1);
      lengths.push(Math.round((Date.parse(blocked_until) - t.ctx.clock.now().getTime()) / 60_000));
    }
    expect(lengths).toEqual([60, 240, 960, 1440]);
  });
});

describe('system endpoints', () => {
  it('GET /api/version returns the build number from VERSION', async () => {
    const res = await request(t.app).get('/api/version').expect(200);
    expect(res.body.build).toBe(readFileSync(VERSION_FILE, 'utf8').trim());
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('GET /api/health answers ok once the database is reachable', async () => {
    await request(t.app).get('/api/health').expect(200, { status: 'ok' });
  });

  it('robots.txt forbids /api/ and allows the pages', async () => {
    const res = await request(t.app).get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.text).toMatch(/^Disallow: \/api\/$/m);
    expect(res.text).toMatch(/^Allow: \/$/m);
  });

  it('serves an OpenAPI 3.1 document describing the routes, and a reference page', async () => {
    const res = await request(t.app).get('/api/openapi.json').expect(200);
    expect(res.body.openapi).toBe('3.1.0');
    for (const path of [
      '/api/auth/register',
      '/api/auth/login',
      '/api/auth/logout',
      '/api/auth/me',
      '/api/me',
      '/api/me/password',
      '/api/version',
      '/api/health',
    ])
      expect(Object.keys(res.body.paths)).toContain(path);
    expect(res.body.paths['/api/auth/register'].post.requestBody.content['application/json'].schema).toBeDefined();
    expect(res.body.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'session' });
    const docs = await request(t.app).get('/api/docs').expect(200);
    expect(docs.text).toMatch(/swagger-ui/);
    await request(t.app).get('/api/docs/assets/swagger-ui-bundle.js').expect(200);
  });

  // zod-to-openapi writes a regex with flags as `source/u`; the fuzz stage found /api/map/search's q so, which no
  // value can match. Every pattern must be a plain JSON Schema pattern (read as Unicode anyway).
  it('every pattern in the document is a regex without JavaScript flags', async () => {
    const res = await request(t.app).get('/api/openapi.json').expect(200);
    const patterns = JSON.stringify(res.body).match(/"pattern":"(?:[^"\\]|\\.)*"/g) ?? [];
    expect(patterns.length).toBeGreaterThan(0);
    for (const p of patterns) {
      const pattern = JSON.parse(`{${p}}`).pattern as string;
      expect(pattern).not.toMatch(/\/[dgimsuvy]+$/);
      expect(() => new RegExp(pattern, 'u')).not.toThrow();
    }
  });

  it('logout without a session is harmless (204)', async () => {
    await request(t.app).post('/api/auth/logout').expect(204);
    const user = await buildUser(t.ctx);
    await request(t.app).post('/api/auth/logout').set('Cookie', sessionCookie(t.ctx, user)).expect(204);
  });
});
