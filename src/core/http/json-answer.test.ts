import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { compressSentText } from './compression.js';
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
  }
  return { plain, lean };
}

describe('leanJson', () => {
  const { plain, lean } = apps();

  it('answers exactly as Express does: status, body, Content-Type, Content-Length and ETag', async () => {
    for (const path of ['/object', '/created', '/typed', '/charset', '/nothing', '/string']) {
      const [a, b] = await Promise.all([request(plain).get(path), request(lean).get(path)]);
      expect(b.status, path).toBe(a.status);
      expect(b.text, path).toBe(a.text);
      for (const header of ['content-type', 'content-length', 'etag']) expect(b.headers[header], `${path} ${header}`).toBe(a.headers[header]);
    }
  });

  it('answers 304 to a matching If-None-Match and keeps HEAD bodiless', async () => {
    const first = await request(lean).get('/object');
    await request(lean).get('/object').set('If-None-Match', String(first.headers.etag)).expect(304);
    const head = await request(lean).head('/object').expect(200);
    expect(head.text).toBeFalsy();
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
  });
});
