import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { compressSentText } from '#core/http/compression.js';
import { weakEtag } from './etag.js';
import { leanJson } from './json-answer.js';

/** The same routes on plain Express and on the app's answer path, so every difference shows. */
function apps() {
  const plain = express();
  const lean = express();
  lean.set('etag', weakEtag);
  compressSentText(lean);
  leanJson(lean);
  for (const app of [plain, lean]) {
    app.get('/object', (_req, res) => res.json({ name: 'Bello', gruß: 'Wuff 🐕' }));
    app.get('/created', (_req, res) => res.status(201).json([1, 2, 3]));
    app.get('/typed', (_req, res) => res.type('application/geo+json').json({ type: 'FeatureCollection', features: [] }));
    app.get('/charset', (_req, res) => res.set('Content-Type', 'application/json; charset=utf-8').json(null));
    app.get('/nothing', (_req, res) => res.json(undefined));
    app.get('/string', (_req, res) => res.json('Hallo'));
    app.get('/large', (_req, res) => res.json({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Hund ${i}` })) }));
    app.get('/tagged', (_req, res) => res.set('ETag', '"v1"').json({ n: 1 }));
    app.get('/empty', (_req, res) => res.status(204).json({ n: 1 }));
    app.get('/vary', (_req, res) => res.set('Vary', 'Cookie').json({ n: 1 }));
    // Between a third of the threshold and the threshold in characters: 512 bytes (small), 1,025 bytes (not small).
    app.get('/near', (_req, res) => res.json({ text: 'a'.repeat(501) }));
    app.get('/wide', (_req, res) => res.json({ text: 'ä'.repeat(507) }));
  }
  return { plain, lean };
}

describe('leanJson', () => {
  const { plain, lean } = apps();

  it('answers exactly as Express does: status, body, Content-Type, Content-Length and ETag', async () => {
    for (const path of ['/object', '/created', '/typed', '/charset', '/nothing', '/string', '/large', '/tagged', '/empty', '/vary', '/near', '/wide']) {
      // Without Accept-Encoding, so the large answer goes out as it is on both.
      const [a, b] = await Promise.all([request(plain).get(path).set('Accept-Encoding', ''), request(lean).get(path).set('Accept-Encoding', '')]);
      expect(b.status, path).toBe(a.status);
      expect(b.text, path).toBe(a.text);
      for (const header of ['content-type', 'content-length', 'etag', 'transfer-encoding'])
        expect(b.headers[header], `${path} ${header}`).toBe(a.headers[header]);
    }
  });

  it('says Vary: Accept-Encoding on small and large JSON answers, beside a Vary the route set', async () => {
    expect((await request(lean).get('/object')).headers.vary).toBe('Accept-Encoding');
    expect((await request(lean).get('/vary')).headers.vary).toBe('Cookie, Accept-Encoding');
    const large = await request(lean).get('/large').set('Accept-Encoding', 'br');
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toBe('Accept-Encoding');
    // Counted in UTF-8 bytes: 512 stay as they are, 1,025 are compressed although they are 518 characters.
    expect((await request(lean).get('/near').set('Accept-Encoding', 'br')).headers['content-encoding']).toBeUndefined();
    expect((await request(lean).get('/wide').set('Accept-Encoding', 'br')).headers['content-encoding']).toBe('br');
  });

  it('answers 304 to a matching If-None-Match and keeps HEAD bodiless, as Express does', async () => {
    for (const app of [plain, lean]) {
      const first = await request(app).get('/object');
      const again = await request(app).get('/object').set('If-None-Match', String(first.headers.etag)).expect(304);
      expect(again.text).toBe('');
      expect(again.headers['content-type']).toBeUndefined();
      expect(again.headers.etag).toBe(first.headers.etag);
      const head = await request(app).head('/object').expect(200);
      expect(head.text).toBeFalsy();
      expect(head.headers['content-length']).toBe(first.headers['content-length']);
    }
  });
});
