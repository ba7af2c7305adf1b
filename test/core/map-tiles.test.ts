import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#core/config.js';
import { fillTileUrl, tileCspSources, tileHostPatterns, tileUrlProblem } from '#shared/map-tiles.js';
import { useTestApp } from '../helpers/test-app.js';

const PROVIDER = 'https://tiles.example.org/{z}/{x}/{y}.png';
const t = useTestApp({ env: { MAP_TILE_URL: PROVIDER, MAP_TILE_ATTRIBUTION: '&copy; Beispiel-Kacheln', MAP_TILE_MAX_ZOOM: '20' } });
const osm = useTestApp();

const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-tiles-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const imgSrc = (csp: string) => csp.split(';').find((d) => d.trim().startsWith('img-src')) ?? '';

describe('MAP_TILE_URL', () => {
  it("puts the configured tile host into the pages' CSP, and OpenStreetMap's only by default", async () => {
    const page = await request(t.app).get('/rassen').expect(200);
    expect(imgSrc(page.headers['content-security-policy'] as string)).toContain('https://tiles.example.org');
    expect(page.headers['content-security-policy']).not.toContain('openstreetmap');
    const byDefault = await request(osm.app).get('/rassen').expect(200);
    expect(imgSrc(byDefault.headers['content-security-policy'] as string)).toContain('https://tile.openstreetmap.org');
  });

  it('gives the app shell the tile source, and the service worker caches tiles from that host', async () => {
    const shell = await request(t.app).get('/app').set('Accept', 'text/html').expect(200);
    expect(shell.text).toContain(`<meta name="map-tile-url" content="${PROVIDER}">`);
    expect(shell.text).toContain('<meta name="map-tile-attribution" content="&amp;copy; Beispiel-Kacheln">');
    expect(shell.text).toContain('<meta name="map-tile-max-zoom" content="20">');
    const worker = await request(t.app).get('/sw.js').expect(200);
    expect(worker.headers['content-security-policy']).toBe("default-src 'none'; connect-src 'self' https://tiles.example.org");
    expect(worker.text).toContain('const TILE_HOSTS = ["tiles.example.org"]');
  });

  it('is checked at start: {z}, {x} and {y} are required, https in production, {s} only as the first label', () => {
    expect(tileUrlProblem('https://tiles.example.org/{z}/{x}.png', false)).toMatch(/Platzhalter .*es fehlt \{y\}/);
    expect(tileUrlProblem('http://tiles.lan/{z}/{x}/{y}.png', true)).toMatch(/https:\/\//);
    expect(tileUrlProblem('http://tiles.lan/{z}/{x}/{y}.png', false)).toBeNull();
    expect(tileUrlProblem('ftp://tiles.example.org/{z}/{x}/{y}.png', false)).toMatch(/https:\/\//);
    expect(tileUrlProblem('https://tile-{s}.example.org/{z}/{x}/{y}.png', false)).toMatch(/\{s\}/);
    expect(tileUrlProblem('https://{s}.tile.example.org/{z}/{x}/{y}{r}.png?key=abc', true)).toBeNull();
    const load = () => loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, MAP_TILE_URL: 'https://tiles.example.org/karte.png' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/MAP_TILE_URL braucht die Platzhalter \{z\}, \{x\} und \{y\}/);
  });

  it('names only the origin in the CSP (no API key) and a subdomain pattern for {s}', () => {
    expect(tileCspSources('https://api.maptiler.com/maps/streets-v2/256/{z}/{x}/{y}.png?key=geheim')).toEqual(['https://api.maptiler.com']);
    expect(tileCspSources('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toEqual(['https://*.tile.example.org']);
    expect(tileHostPatterns('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toEqual(['*.tile.example.org']);
    expect(tileHostPatterns('http://127.0.0.1:8080/{z}/{x}/{y}.png')).toEqual(['127.0.0.1']);
    // As Leaflet fills it, so the early preload asks for the URL Leaflet will ask for.
    expect(fillTileUrl('https://{s}.t.example/{z}/{x}/{y}{r}.png', 14, 8800, 5373)).toBe('https://b.t.example/14/8800/5373.png');
  });
});
