// The public city page of the poison radar (issue 52): req/s of GET /giftkoeder-radar/{slug} beside a cached breed page (GET /rassen/{slug}) and an Express hello world, in one run.
// Both pages are rendered once and then served from the app's memory (radar.cache.ts for 5 minutes; the breed
// page's own cache), so the rows compare what a visit costs once the page is cached: the app's middleware, the cache
// lookup and the bytes. Plain and with `Accept-Encoding: gzip, br` as a browser sends (both caches hold the
// compressed body too). The city has a year of warnings (600 over 12 months in six kinds), 40 other towns beside it.
// Run: node bench/radar-page.mjs   (about a minute; builds the server only, writes its section of docs/performance.md)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { bundleServer, insertInChunks, load, machine, startBenchApp, startForked, stopApp, writeSection } from './lib.mjs';

const PORT = 3993;
const BREED = 'german-shepherd';
const CITY = { name: 'Berlin', slug: 'berlin', lat: 52.52, lon: 13.405 };
const KINDS = ['poison', 'sharp_objects', 'blue_green_algae', 'processionary_moth', 'rat_poison', 'broken_glass'];
const BROWSER = { 'accept-encoding': 'gzip, br' };

await bundleServer({ entryPoints: ['src/server.ts'], outdir: 'dist' });
const { openDb, migrateToLatest } = await tsImport('./nearby-scale.entry.ts', import.meta.url);

/** A year of warnings in the city and a few in each of 40 towns (the index page lists them), straight into the file. */
async function seed(dataDir) {
  const handle = openDb({ dataDir });
  try {
    await migrateToLatest(handle.db);
    const now = new Date();
    const [{ id }] = await handle.db
      .insertInto('users')
      .values({ email: 'radar@bench.example', name: 'Bench', password_hash: 'x', created_at: now.toISOString(), updated_at: now.toISOString() })
      .returning('id')
      .execute();
    const towns = [CITY, ...Array.from({ length: 40 }, (_, i) => ({ name: `Hundedorf ${i + 1}`, slug: `hundedorf-${i + 1}`, lat: 50 + i * 0.05, lon: 9 }))];
    const rows = towns.flatMap((town, t) =>
      Array.from({ length: t === 0 ? 600 : 5 }, (_, i) => {
        const at = new Date(now.getTime() - ((i * 7919) % 360) * 86_400_000).toISOString();
        return {
          user_id: id,
          lat: town.lat + (i % 30) * 0.001,
          lon: town.lon + Math.floor(i / 30) * 0.001,
          kind: KINDS[i % KINDS.length],
          description: 'Köder am Wegrand',
          status: i % 5 === 0 ? 'confirmed' : 'archived',
          confirmed_at: i % 5 === 0 ? at : null,
          last_activity_at: at,
          created_at: at,
          updated_at: at,
          city: town.name,
          city_slug: town.slug,
          city_checked_at: at,
        };
      }),
    );
    await insertInChunks(handle.db, 'poison_warnings', rows, 200);
  } finally {
    await handle.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-radar-'));
const loadBefore = loadavg()[0].toFixed(1);
const rows = {};
let bytes = {};
try {
  await seed(dataDir);
  const hello = await startForked('bench/servers/express-hello.mjs');
  rows.hello = await load('Express 5 hello world', { url: `http://127.0.0.1:${hello.port}/` });
  hello.child.kill();

  const app = await startBenchApp(PORT, dataDir, { PUBLIC_URL: `http://127.0.0.1:${PORT}` });
  try {
    const pages = { breed: `/rassen/${BREED}`, city: `/giftkoeder-radar/${CITY.slug}`, index: '/giftkoeder-radar' };
    for (const [key, path] of Object.entries(pages)) {
      const res = await fetch(`${app.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
      const html = await res.text();
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      if (key === 'city' && !html.includes(CITY.name)) throw new Error(`${path} does not name the city`);
      bytes[key] = Buffer.byteLength(html);
    }
    rows.breed = await load(`GET ${pages.breed} (cached breed page)`, { url: `${app.url}${pages.breed}` });
    rows.city = await load(`GET ${pages.city} (city page)`, { url: `${app.url}${pages.city}` });
    rows.index = await load(`GET ${pages.index} (list of towns)`, { url: `${app.url}${pages.index}` });
    rows.breedGz = await load(`GET ${pages.breed}, gzip/br`, { url: `${app.url}${pages.breed}`, headers: BROWSER });
    rows.cityGz = await load(`GET ${pages.city}, gzip/br`, { url: `${app.url}${pages.city}`, headers: BROWSER });
  } finally {
    await stopApp(app);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const pct = (a, b) => `${((a / b) * 100).toFixed(0)} %`;
const table = [
  '| route | req/s | p50 ms | p99 ms | non-2xx | vs the breed page (same encoding) | vs Express hello |',
  '|---|---|---|---|---|---|---|',
  ...Object.entries(rows).map(([key, r]) => {
    const breed = key.endsWith('Gz') ? rows.breedGz : rows.breed;
    return `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${key === 'hello' ? '–' : pct(r.rps, breed.rps)} | ${pct(r.rps, rows.hello.rps)} |`;
  }),
].join('\n');
writeSection(
  'radar-page',
  `## The public city page of the poison radar (\`bench/radar-page.mjs\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()} (load average ${loadBefore} before the run: other
work shared the machine, so compare rows within this run). autocannon in the same process tree as the server, 50
connections, 10 s per row. Built server, SQLite; the city has 600 warnings over 12 months in six kinds and 40 towns
are listed beside it. Both pages are cached after the first visit (the figure pages for 5 minutes, \`radar.cache.ts\`,
compressed once), so the rows are a cached visit. HTML: city page ${bytes.city} B, breed page ${bytes.breed} B, list of towns ${bytes.index} B.

${table}

- Target (issue 52): the city page's req/s beside a cached breed page — **${pct(rows.city.rps, rows.breed.rps)}** of it plain,
  **${pct(rows.cityGz.rps, rows.breedGz.rps)}** with gzip/br.`,
);
