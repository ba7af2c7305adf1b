import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient } from '../../scripts/build-client.mjs';
import { VERSION_FILE } from '#core/paths.js';

/** The bundle contract with the /app shell and the service worker (docs/areas/client.md), built into a temp dir. */
describe('client build', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'pfotenbuch-client-build-'));
  let listed: string[] = [];
  const read = (file: string) => readFileSync(join(outdir, file), 'utf8');
  const emitted = () => readdirSync(outdir).filter((f) => f !== 'asset-manifest.json');
  const chunk = (prefix: string) => emitted().find((f) => f.startsWith(`${prefix}-`) && f.endsWith('.js')) ?? '';

  beforeAll(async () => {
    listed = await buildClient({ outdir });
  }, 60_000);
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('writes app.js, app.css, map.css and a manifest listing every emitted file with the build number', () => {
    const manifest = JSON.parse(read('asset-manifest.json')) as { build: string; files: string[] };
    expect(manifest.build).toBe(readFileSync(VERSION_FILE, 'utf8').trim());
    expect(manifest.files).toEqual(listed);
    expect(manifest.files[0]).toBe('/build/app.js');
    expect([...manifest.files].sort()).toEqual(
      emitted()
        .map((f) => `/build/${f}`)
        .sort(),
    );
    expect(manifest.files).toEqual(expect.arrayContaining(['/build/app.css', '/build/map.css']));
    // An ES module entry, minified (no source maps in the normal build).
    expect(read('app.js')).toMatch(/^import\s*[{"']/);
    expect(emitted().some((f) => f.endsWith('.map'))).toBe(false);
  });

  it('splits the code per area; Leaflet and its cluster plugin live in one chunk each that no screen loads up front', () => {
    for (const area of ['accounts', 'dashboard', 'dogs', 'diary', 'admin-stats', 'invoices', 'nearby', 'map-layers', 'walks', 'leaflet-map', 'nearby-map'])
      expect(chunk(area), area).not.toBe('');
    const holding = (marker: string) => emitted().filter((f) => f.endsWith('.js') && read(f).includes(marker));
    const [leaflet, cluster] = [holding('leaflet-zoom-animated'), holding('MarkerClusterGroup')];
    expect(leaflet).toHaveLength(1);
    expect(cluster).toHaveLength(1);
    // The entry and the area chunks reach them only through a dynamic import() (a map chunk), never statically.
    const staticImport = (file: string, target: string) => new RegExp(`(?:from|import)\\s*"\\./${target.replace('.', '\\.')}"`).test(read(file));
    for (const file of ['app.js', ...['accounts', 'dashboard', 'dogs', 'diary', 'admin-stats', 'invoices', 'nearby', 'map-layers', 'walks'].map(chunk)])
      for (const target of [...leaflet, ...cluster]) expect(staticImport(file, target), `${file} → ${target}`).toBe(false);
    expect(read('app.css')).not.toContain('.leaflet-');
    expect(read('map.css')).toContain('.leaflet-container');
    // The map code links map.css with the build number, so a new build never gets the old styles.
    const build = readFileSync(VERSION_FILE, 'utf8').trim();
    const linking = holding('/build/map.css?v=');
    expect(linking).toHaveLength(1);
    expect(read(linking[0] ?? '')).toContain(JSON.stringify(build));
  });

  it('writes the map screen’s chunks into app.js and the manifest (Leaflet’s among them, none the shell preloads), for modulepreload links', () => {
    const entry = read('app.js');
    expect(entry).not.toContain('@@map-chunks@@');
    const list = /\[("\/build\/[^\]]*)\]/.exec(entry.slice(entry.indexOf('"/build/map-layers-') - 400));
    const chunks = JSON.parse(`[${list?.[1] ?? ''}]`) as string[];
    const leaflet = emitted().find((f) => f.endsWith('.js') && read(f).includes('leaflet-zoom-animated'));
    expect(chunks).toEqual(expect.arrayContaining([`/build/${chunk('map-layers')}`, `/build/${chunk('nearby-map')}`, `/build/${leaflet}`]));
    // Not the cluster plugin (the map screen does not cluster), nor what the shell links for every screen.
    expect(chunks.some((c) => read(c.slice('/build/'.length)).includes('MarkerClusterGroup'))).toBe(false);
    const { preload, mapPreload } = JSON.parse(read('asset-manifest.json')) as { preload: string[]; mapPreload: string[] };
    expect(chunks.filter((c) => preload.includes(c))).toEqual([]);
    // The same list for the shell the server renders for /app/karte (pwa.routes.ts).
    expect(mapPreload).toEqual(chunks);
  });

  it('gives server pages a small spot.js that loads the map only where a [data-spot] element is', () => {
    const spot = read('spot.js');
    expect(spot.length).toBeLessThan(2_000);
    expect(spot).toContain('[data-spot]');
    expect(spot).not.toContain('leaflet-zoom-animated');
  });

  it('keeps the dashboard (first screen after login) free of other areas’ code', () => {
    const dashboard = read(chunk('dashboard'));
    expect(dashboard).not.toContain('Partnercode');
    expect(dashboard).not.toContain('MarkerClusterGroup');
    const entry = read('app.js');
    expect(entry).not.toContain('Foto des Tages');
    expect(entry).not.toContain('Gründer-Lizenz');
  });
});
