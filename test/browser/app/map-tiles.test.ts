import { describe, expect, it } from 'vitest';
import { buildUser } from '../../helpers/factories.js';
import { artifactPng } from '../harness.js';
import { useAppHarness } from './app-harness.js';

/** A 1×1 PNG for the configured provider's tiles: nothing leaves the machine. */
const TILE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const h = useAppHarness({
  env: { MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '&copy; Beispiel-Kacheln', MAP_TILE_MAX_ZOOM: '18' },
});

/** MAP_TILE_URL points the map and the CSP at another tile provider (docs/operations.md "Map tiles"). */
describe('map tiles from MAP_TILE_URL', () => {
  it('loads the tiles from the configured host, which the CSP allows, and never from OpenStreetMap', async () => {
    const me = await buildUser(h.ctx, { name: 'Kachel Karla', lat: 52.52, lon: 13.405 });
    await h.login(me);
    const page = await h.page();
    const provider: string[] = [];
    const osm: string[] = [];
    const blocked: string[] = [];
    await page.route('https://tiles.example.org/**', (route) => {
      provider.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'image/png', headers: { 'Access-Control-Allow-Origin': '*' }, body: TILE_PNG });
    });
    page.on('request', (req) => {
      if (req.url().includes('tile.openstreetmap.org')) osm.push(req.url());
    });
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) blocked.push(msg.text());
    });

    const shell = await page.goto(h.url('/app/karte'));
    const csp = (await shell?.allHeaders())?.['content-security-policy'] ?? '';
    expect(csp.split(';').find((d) => d.trim().startsWith('img-src'))).toContain('https://tiles.example.org');
    expect(csp).not.toContain('openstreetmap');

    await page.getByRole('heading', { name: 'Karte' }).waitFor();
    await expect.poll(() => page.locator('.nearby-map img.leaflet-tile-loaded').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(provider.length).toBeGreaterThan(0);
    expect(provider.every((url) => /^https:\/\/tiles\.example\.org\/14\/\d+\/\d+\.png$/.test(url))).toBe(true);
    expect(await page.locator('.leaflet-control-attribution').textContent()).toContain('© Beispiel-Kacheln');
    expect(osm).toEqual([]);
    expect(blocked).toEqual([]);
    await page.screenshot({ path: artifactPng('karte-kachel-anbieter') });
  });
});
