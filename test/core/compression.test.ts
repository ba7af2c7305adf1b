import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { compressOnce, packed, precompressed } from '#core/http/compression.js';
import { makeJpeg } from '../fakes/photos.js';
import { agentAs, buildDog, buildUser } from '../helpers/factories.js';
import { useTestApp } from '../helpers/test-app.js';

const t = useTestApp();

/** The bytes as they go over the wire (supertest would decompress them): a real request to the app on a port. */
async function wire(
  app: express.Express,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    return await new Promise((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
  } finally {
    server.close();
  }
}

describe('compressed answers (decisions: Compression)', () => {
  it('compresses text of 1 KB or more with brotli or gzip as the client accepts, and says Vary', async () => {
    const br = await wire(t.app, '/api/openapi.json', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    const doc = JSON.parse(brotliDecompressSync(br.body).toString());
    expect(doc.openapi).toMatch(/^3\./);
    expect(br.body.length).toBeLessThan(JSON.stringify(doc).length / 4);

    const gz = await wire(t.app, '/api/openapi.json', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString()).openapi).toBe(doc.openapi);

    const plain = await wire(t.app, '/api/openapi.json', { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The weak validator stands for every encoding of the same answer.
    expect(br.headers.etag).toMatch(/^W\//);
    expect(gz.headers.etag).toBe(br.headers.etag);

    const page = await wire(t.app, '/', { 'Accept-Encoding': 'br' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-encoding']).toBe('br');
  });

  it('answers a matching If-None-Match with an empty 304, compresses mid-sized answers on the spot, and never a HEAD', async () => {
    const first = await wire(t.app, '/api/openapi.json', { 'Accept-Encoding': 'br' });
    const again = await wire(t.app, '/api/openapi.json', { 'Accept-Encoding': 'br', 'If-None-Match': first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    // The breed list is well above 1 KB and below the 64 KB that go to the thread pool.
    const breeds = await wire(t.app, '/rassen', { 'Accept-Encoding': 'gzip' });
    expect(breeds.headers['content-encoding']).toBe('gzip');
    expect(breeds.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(gunzipSync(breeds.body).toString()).toMatch(/<html/i);

    const head = await request(t.app).head('/rassen').set('Accept-Encoding', 'br').expect(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.headers.vary).toMatch(/Accept-Encoding/);
  });

  it('compresses a cached page once per encoding: the same bytes on every request, made on the first', async () => {
    const first = await wire(t.app, '/rassen', { 'Accept-Encoding': 'br' });
    const second = await wire(t.app, '/rassen', { 'Accept-Encoding': 'br' });
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.body.equals(first.body)).toBe(true);
    const plain = await wire(t.app, '/rassen', {});
    expect(brotliDecompressSync(second.body).equals(plain.body)).toBe(true);
    expect(second.headers.etag).toBe(plain.headers.etag); // one validator for every encoding (weak)
    const gz = await wire(t.app, '/', { 'Accept-Encoding': 'gzip' });
    expect(gunzipSync(gz.body).equals((await wire(t.app, '/', {})).body)).toBe(true);

    // Only registered bodies are kept: another Buffer might change between two answers.
    const kept = compressOnce(Buffer.from('<p>Hallo</p>'.repeat(200)));
    expect(packed(kept, 'br')).toBe(packed(kept, 'br'));
    expect(packed(kept, 'gzip')).toBe(packed(kept, 'gzip'));
    const other = Buffer.from('<p>Hallo</p>'.repeat(200));
    expect(packed(other, 'br')).not.toBe(packed(other, 'br'));
  });

  it("streams Swagger UI's assets compressed (files the build does not compress)", async () => {
    const asset = await wire(t.app, '/api/docs/assets/swagger-ui.css', { 'Accept-Encoding': 'br' });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(asset.body).toString()).toMatch(/swagger-ui/);
  });

  it('leaves small answers, photos and their byte ranges as they are', async () => {
    const small = await request(t.app).get('/api/version').set('Accept-Encoding', 'br, gzip').expect(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toMatch(/Accept-Encoding/);

    const user = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user });
    const agent = agentAs(t, user);
    const entry = await agent.post(`/api/dogs/${dog.id}/diary`).send({ date: '2025-06-15', text: 'Wald' }).expect(201);
    const up = await agent
      .post(`/api/diary/${entry.body.id}/media`)
      .attach('files', await makeJpeg({ width: 300, height: 200 }), 'wald.jpg')
      .expect(201);
    const photo = await agent.get(up.body.items[0].url).set('Accept-Encoding', 'br, gzip').buffer(true).expect(200);
    expect(photo.headers['content-encoding']).toBeUndefined();
    expect(Number(photo.headers['content-length'])).toBe((photo.body as Buffer).length);
    const part = await agent.get(up.body.items[0].url).set('Accept-Encoding', 'br').set('Range', 'bytes=0-99').buffer(true).expect(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect((part.body as Buffer).length).toBe(100);
  });
});

describe('precompressed static assets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pfotenbuch-static-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const js = Buffer.from(`export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `Wort ${i}`))};\n`);
  writeFileSync(join(dir, 'app.js'), js);
  writeFileSync(join(dir, 'app.js.br'), brotliCompressSync(js));
  writeFileSync(join(dir, 'app.js.gz'), gzipSync(js));
  writeFileSync(join(dir, 'plain.js'), js);
  const app = express();
  app.use('/build', precompressed(dir, express.static(dir, { index: false })));

  it('sends the twin the client accepts, with the file type, Vary and an ETag of its own', async () => {
    const br = await wire(app, '/build/app.js?v=1', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(br.body).equals(js)).toBe(true);

    const gz = await wire(app, '/build/app.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(js)).toBe(true);

    const plain = await wire(app, '/build/app.js', { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(js)).toBe(true);
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);

    // no twins: the file itself; a path out of the folder: nothing
    expect((await request(app).get('/build/plain.js').set('Accept-Encoding', 'br').expect(200)).headers['content-encoding']).toBeUndefined();
    await request(app).get('/build/..%2f..%2fetc%2fpasswd').set('Accept-Encoding', 'br').expect(404);
  });

  it('sends the file itself once a new build removed a twin it had sent before', async () => {
    writeFileSync(join(dir, 'rebuilt.js'), js);
    writeFileSync(join(dir, 'rebuilt.js.br'), brotliCompressSync(js));
    expect((await wire(app, '/build/rebuilt.js', { 'Accept-Encoding': 'br' })).headers['content-encoding']).toBe('br');
    rmSync(join(dir, 'rebuilt.js.br'));
    const res = await wire(app, '/build/rebuilt.js', { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.equals(js)).toBe(true);
  });

  it('never sends a twin older than its file (edited after the last build)', async () => {
    writeFileSync(join(dir, 'edited.js'), js);
    writeFileSync(join(dir, 'edited.js.br'), brotliCompressSync(Buffer.from('alt')));
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(dir, 'edited.js.br'), old, old);
    const res = await wire(app, '/build/edited.js', { 'Accept-Encoding': 'br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.equals(js)).toBe(true);
  });
});
