import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Request, Response } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createLogger } from '#core/logger.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { readBundleAssets, readShellPreloads } from './asset-manifest.js';
import { MAP_SHELL_PATH, shellPreloadsFor } from './pwa.routes.js';
import { staticCacheRule } from '#core/http/pages/cache-rules.js';
import { precacheList, serviceWorkerSource } from './service-worker.js';

const t = useTestApp();
const log = createLogger('silent');

describe('versioning (one build number everywhere)', () => {
  it('returns the VERSION file build from /api/version and writes it into the shell, its links and the worker', async () => {
    const build = t.ctx.config.build;
    expect((await request(t.app).get('/api/version').expect(200)).body.build).toBe(build);
    const shell = (await request(t.app).get('/app').expect(200)).text;
    expect(shell).toContain(`<meta name="app-build" content="${build}">`);
    expect(shell).toContain(`<link rel="stylesheet" href="/build/app.css?v=${build}">`);
    expect(shell).toContain(`<script type="module" src="/build/app.js?v=${build}"></script>`);
    expect(shell).toContain(`<script src="/js/early-boot.js?v=${build}"></script>`);
    expect(shell).toContain(`<script src="/js/boot.js?v=${build}" defer></script>`);
    expect(shell).toContain(`<link rel="stylesheet" href="/css/boot.css?v=${build}">`);
    expect(shell).toContain('<div id="app"></div>');
    // The session request starts with the page (the app's fetch takes the preloaded answer).
    expect(shell).toContain('<link rel="preload" href="/api/auth/me" as="fetch" crossorigin>');
    const sw = (await request(t.app).get('/sw.js').expect(200)).text;
    expect(sw).toContain(`const BUILD = ${JSON.stringify(build)};`);
    expect(sw).toContain("const CACHE = 'pfotenbuch-' + BUILD;");
  });

  it('lists the shell, the early-boot and boot scripts, manifest and icons in the worker asset list', async () => {
    const build = t.ctx.config.build;
    const sw = (await request(t.app).get('/sw.js').expect(200)).text;
    const list = JSON.parse(/const PRECACHE = (\[.*\]);/.exec(sw)?.[1] ?? '[]') as string[];
    expect(list).toEqual(
      expect.arrayContaining([
        '/app',
        `/js/early-boot.js?v=${build}`,
        `/js/boot.js?v=${build}`,
        `/css/boot.css?v=${build}`,
        '/manifest.webmanifest',
        '/icons/icon-192.png',
      ]),
    );
    for (const url of list) await request(t.app).get(url).expect(200);
  });

  it('changes the worker bytes (and cache name) with the build', () => {
    const a = serviceWorkerSource('41', precacheList('41', []));
    const b = serviceWorkerSource('42', precacheList('42', []));
    expect(a).not.toBe(b);
    expect(b).toContain('const BUILD = "42";');
    expect(b).toContain('"/js/early-boot.js?v=42"');
    expect(() => serviceWorkerSource('1', [], 'const BUILD = 1;')).toThrow(/placeholders/);
  });
});

describe('client bundle in the asset list', () => {
  it('adds every file of asset-manifest.json, the entry files versioned, source maps left out', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pfotenbuch-manifest-'));
    const file = join(dir, 'asset-manifest.json');
    writeFileSync(file, JSON.stringify({ build: '7', files: ['/build/app.js', '/build/app.css', '/build/chunk-AB12.js', '/build/app.js.map'] }));
    expect(readBundleAssets('7', log, file)).toEqual(['/build/app.js?v=7', '/build/app.css?v=7', '/build/chunk-AB12.js']);
    expect(precacheList('7', readBundleAssets('7', log, file))).toContain('/build/chunk-AB12.js');
  });

  it('works without a bundle, and ignores a broken manifest', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pfotenbuch-manifest-'));
    expect(readBundleAssets('7', log, join(dir, 'missing.json'))).toEqual([]);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{"build": "7", "files": ["../../etc/passwd"]}');
    expect(readBundleAssets('7', log, broken)).toEqual([]);
    writeFileSync(broken, 'kein json');
    expect(readBundleAssets('7', log, broken)).toEqual([]);
  });

  it("names app.js's static chunks for the shell to preload, and the map screen's for the map's shell; nothing from a missing, broken or hostile manifest", () => {
    const dir = mkdtempSync(join(tmpdir(), 'pfotenbuch-manifest-'));
    const file = join(dir, 'asset-manifest.json');
    const none = { entry: [], map: [] };
    writeFileSync(
      file,
      JSON.stringify({
        build: '7',
        files: ['/build/app.js', '/build/chunk-AB12.js'],
        preload: ['/build/chunk-AB12.js'],
        mapPreload: ['/build/nearby-map-CD34.js'],
      }),
    );
    const preloads = readShellPreloads(file);
    expect(preloads).toEqual({ entry: ['/build/chunk-AB12.js'], map: ['/build/nearby-map-CD34.js'] });
    expect(shellPreloadsFor('/app', preloads)).toEqual(['/build/chunk-AB12.js']);
    expect(shellPreloadsFor('/app/hunde', preloads)).toEqual(['/build/chunk-AB12.js']);
    expect(shellPreloadsFor(MAP_SHELL_PATH, preloads)).toEqual(['/build/chunk-AB12.js', '/build/nearby-map-CD34.js']);
    writeFileSync(file, JSON.stringify({ build: '7', files: ['/build/app.js'] }));
    expect(readShellPreloads(file)).toEqual(none);
    writeFileSync(file, JSON.stringify({ build: '7', files: [], preload: ['"><script>alert(1)</script>'] }));
    expect(readShellPreloads(file)).toEqual(none);
    writeFileSync(file, JSON.stringify({ build: '7', files: [], mapPreload: ['/build/../../x.js'] }));
    expect(readShellPreloads(file)).toEqual(none);
    writeFileSync(file, 'kein json');
    expect(readShellPreloads(file)).toEqual(none);
    expect(readShellPreloads(join(dir, 'missing.json'))).toEqual(none);
  });

  it('serves the map screen its own shell, and every other route the same one', async () => {
    const shell = async (path: string) => (await request(t.app).get(path).expect(200)).text;
    const [app, dogs, map] = [await shell('/app'), await shell('/app/hunde'), await shell(MAP_SHELL_PATH)];
    expect(dogs).toBe(app);
    const { entry, map: mapChunks } = readShellPreloads();
    const links = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
    expect(links(app)).toEqual(entry);
    expect(links(map)).toEqual([...entry, ...mapChunks]);
  });
});

describe('PWA endpoints', () => {
  it('serves the web app manifest with German texts, start URL /app and icons', async () => {
    const res = await request(t.app)
      .get('/manifest.webmanifest')
      .expect(200)
      .expect('Content-Type', /application\/manifest\+json/);
    const manifest = JSON.parse(res.text) as { start_url: string; lang: string; display: string; icons: { src: string; purpose: string }[] };
    expect(manifest).toMatchObject({ name: 'Pfotenbuch', lang: 'de', start_url: '/app', display: 'standalone', scope: '/' });
    expect(manifest.icons.map((i) => i.purpose)).toEqual(['any', 'any', 'maskable']);
    for (const icon of manifest.icons) await request(t.app).get(icon.src).expect(200).expect('Content-Type', 'image/png');
  });

  it('is a share target for photos; a share the service worker did not take opens the screen with none', async () => {
    const manifest = JSON.parse((await request(t.app).get('/manifest.webmanifest').expect(200)).text) as { share_target: unknown };
    expect(manifest.share_target).toMatchObject({ action: '/app/teilen', method: 'POST', enctype: 'multipart/form-data' });
    // What the share sheet sends when no worker answers: the body is not read, nothing is kept.
    const res = await request(t.app).post('/app/teilen').attach('photos', Buffer.from('kein Foto'), 'a.jpg').expect(303);
    expect(res.headers.location).toBe('/app/teilen?fotos=0');
  });

  it('serves the same shell for every client route below /app, never indexed', async () => {
    const a = await request(t.app).get('/app').expect(200);
    const b = await request(t.app).get('/app/hunde/3').expect(200);
    const c = await request(t.app).get('/app/tagebuch/eintrag/7?ansicht=karte').expect(200);
    expect(b.text).toBe(a.text);
    expect(c.text).toBe(a.text);
    expect(a.text).toContain('<meta name="robots" content="noindex">');
    expect(a.headers['cache-control']).toBe('no-cache');
    await request(t.app).get('/apps').set('Accept', 'text/html').expect(404);
  });

  it('serves /force-update uncached, with its script and a hidden manual restart button', async () => {
    const res = await request(t.app).get('/force-update').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain(`<script src="/js/force-update.js?v=${t.ctx.config.build}" defer></script>`);
    expect(res.text).toMatch(/<div id="manual" hidden>[\s\S]*<button type="button" id="restart"/);
    const script = (await request(t.app).get('/js/force-update.js').expect(200)).text;
    expect(script).toContain('RELOAD_AFTER_MS = 150');
    expect(script).toContain('BUTTON_AFTER_MS = 3000');
    expect(script).toContain('AUTO_RELOAD_AFTER_MS = 6000');
  });

  it('serves the worker at the root scope, revalidated on every check', async () => {
    const res = await request(t.app)
      .get('/sw.js')
      .expect(200)
      .expect('Content-Type', /application\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // Its own CSP: the worker must be able to fetch the map tiles it caches (the pages may not).
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; connect-src 'self' https://tile.openstreetmap.org");
  });
});

describe('the cache-control rule for static files', () => {
  it('makes links with the current build immutable and everything else revalidate', async () => {
    const build = t.ctx.config.build;
    const current = await request(t.app).get(`/js/early-boot.js?v=${build}`).expect(200);
    expect(current.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const old = await request(t.app).get('/js/early-boot.js?v=alt').expect(200);
    expect(old.headers['cache-control']).toBe('no-cache');
    const plain = await request(t.app).get('/css/site.css').expect(200);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers.etag).toBeTruthy();
    await request(t.app)
      .get('/css/site.css')
      .set('If-None-Match', plain.headers.etag ?? '')
      .expect(304);
    const icon = await request(t.app).get('/icons/favicon.svg').expect(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=604800');
    await request(t.app).get('/favicon.ico').expect(200).expect('Content-Type', 'image/x-icon');
  });

  it('treats content-hashed bundle names as immutable', () => {
    const ruleFor = (path: string, v?: string) => {
      const headers: Record<string, string> = {};
      const req = { path, query: v === undefined ? {} : { v } } as unknown as Request;
      const res = { setHeader: (name: string, value: string) => (headers[name] = value) } as unknown as Response;
      staticCacheRule('7')(req, res, () => undefined);
      return headers['Cache-Control'];
    };
    expect(ruleFor('/chunk-AB12CD34.js')).toBe('public, max-age=31536000, immutable');
    expect(ruleFor('/asset-marker-icon-2V3QKKVC.png')).toBe('public, max-age=31536000, immutable');
    expect(ruleFor('/app.js')).toBe('no-cache');
    expect(ruleFor('/app.js', '7')).toBe('public, max-age=31536000, immutable');
    expect(ruleFor('/app.js', '6')).toBe('no-cache');
    expect(ruleFor('/chunk-plain.js')).toBe('no-cache');
  });

  it('answers 404 for missing static files and never serves outside public/', async () => {
    await request(t.app).get('/js/nope.js').expect(404);
    await request(t.app).get('/js/..%2f..%2fpackage.json').expect(404);
    await request(t.app).get('/css/%2e%2e/%2e%2e/VERSION').expect(404);
  });
});
