import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Request, Response } from 'express';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { containsPattern } from '#core/db/like.js';
import { errorHandler } from '#platform/http/error-handler.js';
import { HIDDEN_FORMAT_MESSAGE } from '#core/http/route/schema-kit.js';
import { jsonDepthExceeds, JsonShapeScanner } from '#core/http/route/json-body.js';
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

  it('are parsed only by routes that take JSON, and only after the access guard', async () => {
    const longest = watchParse();
    const body = JSON.stringify({ filler: 'x'.repeat(500_000) });
    // a route without a body, a path that does not exist, and a user-only route called anonymously
    await request(t.app).post('/api/auth/logout').set('Content-Type', 'application/json').send(body).expect(204);
    await request(t.app).post('/api/gibt-es-nicht').set('Content-Type', 'application/json').send(body).expect(404);
    await request(t.app).post('/api/dogs').set('Content-Type', 'application/json').send(body).expect(401);
    expect(longest()).toBeLessThan(500_000);
    // a route that takes JSON parses it (and refuses the unknown key)
    await request(t.app).post('/api/auth/login').set('Content-Type', 'application/json').send(body).expect(400);
    expect(longest()).toBeGreaterThan(500_000);
  });

  it('refuses an over-long body sent without a Content-Length (chunked) while reading it', async () => {
    const server = t.app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, method: 'POST', path: '/api/auth/login', headers: { 'Content-Type': 'application/json' } },
          (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.write('{"email":"a@b.de","password":"');
        for (let i = 0; i < 32; i++) req.write('x'.repeat(64 * 1024)); // 2 MB in chunks, no Content-Length
        req.end('"}');
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).error.code).toBe('payload_too_large');
    } finally {
      server.close();
    }
  });

  it('refuses more than 2,000 values before JSON.parse builds them (413 json_too_many_values)', async () => {
    const longest = watchParse();
    const keys = Array.from({ length: 5_000 }, (_, i) => `"k${i}":0`).join(',');
    const res = await request(t.app).post('/api/auth/login').set('Content-Type', 'application/json').send(`{${keys}}`).expect(413);
    expect(res.body.error.code).toBe('json_too_many_values');
    expect(longest()).toBeLessThan(keys.length);
    // commas inside strings are text, not values
    const text = JSON.stringify({ email: 'a@b.de', password: ','.repeat(5_000) });
    await request(t.app).post('/api/auth/login').set('Content-Type', 'application/json').send(text).expect(422);
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
    for (let i = 0; i < 1500; i++) body[`k${i}`] = i;
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
    // Bidi controls and zero-width characters are refused wherever they stand (issue 47, test/core/names.test.ts);
    // other invisible characters alone are no name either (a byte order mark at either end is trimmed like a space).
    for (const name of ['\u202e\u202d', '\u200b\u200c\u200d', '\u2066\u2069', '\u2060\u00ad']) {
      const res = await agentAs(t, user).post('/api/dogs').send({ name }).expect(400);
      expect(res.body.error.fields.name, JSON.stringify(name)).toBe(HIDDEN_FORMAT_MESSAGE);
    }
    for (const name of ['\u3164', '\u00ad\ufeff', '\u0301\u00a0']) {
      const res = await agentAs(t, user).post('/api/dogs').send({ name }).expect(400);
      expect(res.body.error.fields.name, JSON.stringify(name)).toBe('Bitte gib sichtbare Zeichen ein.');
    }
    await agentAs(t, user).patch('/api/me').send({ name: '\u200b\u202e' }).expect(400);
    await request(t.app).post('/api/auth/register').send({ email: 'unsichtbar@example.de', password: 'sicheres-passwort', name: '\u200b' }).expect(400);
    // A joiner joins emoji only (🐕‍🦺); between letters it hides itself.
    await agentAs(t, user).post('/api/dogs').send({ name: 'Bälle\u200dchen' }).expect(400);
    await agentAs(t, user).post('/api/dogs').send({ name: 'Bello 🐕\u200d🦺' }).expect(201);
  });
});

describe('the streaming shape scanner', () => {
  it('carries strings and escapes across chunk boundaries', () => {
    const scanner = new JsonShapeScanner(2, 10);
    // a string with an escaped quote split between chunks: its brackets and commas are text
    expect(scanner.feed(Buffer.from('{"a":"x\\'))).toBeUndefined();
    expect(scanner.feed(Buffer.from('"[[[,,,,,,,,,,,,"'))).toBeUndefined();
    expect(scanner.feed(Buffer.from(',"b":[['))).toBe('too_deep');
  });

  it('refuses a 20 MB chunked nested body at the first chunk, without buffering it', async () => {
    const server = t.app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const concat = vi.spyOn(Buffer, 'concat');
    try {
      const { port } = server.address() as AddressInfo;
      const status = await new Promise<number>((resolve) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, method: 'POST', path: '/api/auth/login', headers: { 'Content-Type': 'application/json' } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', () => resolve(0));
        const piece = Buffer.alloc(64 * 1024, '[');
        const pump = () => {
          for (let i = 0; i < 320 && !req.destroyed; i++) if (!req.write(piece)) return void req.once('drain', pump);
          req.end();
        };
        pump();
      });
      expect(status).toBe(400);
      expect(concat).not.toHaveBeenCalled();
    } finally {
      server.close();
    }
  });
});

describe('a request the client aborts', () => {
  it('is logged as a warning with 400 request_aborted, never as an error (so no error-digest entry)', () => {
    const log = { warn: vi.fn(), error: vi.fn() };
    // The app's logger as createApp keeps it (request-log.ts: requestLogger makes a child with the request's id).
    const app = { get: () => ({ child: () => log }) };
    const req = { app, id: 'r1', path: '/api/diary/7/media', accepts: () => false } as unknown as Request;
    const sent: unknown[] = [];
    const res = { headersSent: false, setHeader: vi.fn(), status: vi.fn().mockReturnThis(), json: (b: unknown) => sent.push(b) } as unknown as Response;
    for (const err of [new Error('Request aborted'), Object.assign(new Error('aborted'), { code: 'ECONNRESET' })]) {
      errorHandler(err, req, res, () => undefined);
    }
    expect(log.error).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledTimes(2);
    expect(sent[0]).toEqual({ error: { code: 'request_aborted', message: 'Die Anfrage wurde abgebrochen.' } });
    // a real failure still is an error
    errorHandler(new Error('boom'), req, res, () => undefined);
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});
