// Map layers (issue 15): 100 one-tile requests of GET /api/map/layers/vet cold (a fake Overpass on 127.0.0.1 that
// answers after 200 ms) and the same 100 warm from the tile cache, p50/p95 against GET /api/auth/me of the same run;
// then the server's memory before and after serving 500 requests over 10,000 cached tiles.
// Run: npm run build && node bench/map-layers.mjs   (about a minute; writes its section of docs/performance.md)
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { machine, percentile, registerUser, rssMb, startBenchApp, timedGet, writeSection } from './lib.mjs';

const { openDb } = await tsImport('../src/core/db/index.ts', import.meta.url);

const TILES = 100;
const CACHED_TILES = 10_000;
const DELAY_MS = 200;

/** A minimal Overpass: 20 vets spread over the queried box, after DELAY_MS. */
function fakeOverpass() {
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const q = new URLSearchParams(Buffer.concat(chunks).toString()).get('data') ?? '';
      const [, s, w] = /\(([-\d.]+),([-\d.]+),/.exec(q) ?? [0, 0, 0];
      const elements = Array.from({ length: 20 }, (_, i) => ({
        type: 'node',
        id: i + 1,
        lat: Number(s) + 0.01 * (i + 1),
        lon: Number(w) + 0.01 * (i + 1),
        tags: { amenity: 'veterinary', name: `Praxis ${i + 1}` },
      }));
      setTimeout(() => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ elements })), DELAY_MS);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The i-th one-tile box: tiles of 0.25° over Germany, row by row. */
function tileBox(i) {
  const south = 47.5 + Math.floor(i / 30) * 0.25;
  const west = 6 + (i % 30) * 0.25;
  return `${(south + 0.01).toFixed(2)},${(west + 0.01).toFixed(2)},${(south + 0.24).toFixed(2)},${(west + 0.24).toFixed(2)}`;
}

async function timings(urls, cookie) {
  const times = [];
  for (const url of urls) {
    const r = await timedGet(url, cookie);
    if (r.status !== 200) throw new Error(`HTTP ${r.status} ${r.body}`);
    times.push(r.ms);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const overpass = await fakeOverpass();
const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-layers-'));
const app = await startBenchApp(4761, dataDir, { OVERPASS_URLS: `http://127.0.0.1:${overpass.address().port}/api/interpreter` });
let result;
try {
  const cookie = await registerUser(app.url, 'layers@bench.example');
  const urls = Array.from({ length: TILES }, (_, i) => `${app.url}/api/map/layers/vet?bbox=${tileBox(i)}`);
  const baseline = await timings(
    Array.from({ length: TILES }, () => `${app.url}/api/auth/me`),
    cookie,
  );
  const cold = await timings(urls, cookie);
  const warm = await timings(urls, cookie);
  console.log(`cold p50 ${cold.p50.toFixed(1)} ms, warm p50 ${warm.p50.toFixed(2)} ms, baseline p50 ${baseline.p50.toFixed(2)} ms`);

  // 10,000 cached tiles of 20 points each, written directly; then 500 warm requests spread over them.
  const handle = openDb({ dataDir });
  const features = (i) =>
    JSON.stringify(
      Array.from({ length: 20 }, (_, k) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [6 + 0.01 * k, 47.5 + 0.01 * k] },
        properties: { osm_type: 'node', osm_id: i * 100 + k, name: `Praxis ${k}`, type: 'veterinary', dog: null },
      })),
    );
  const now = new Date().toISOString();
  const rows = Array.from({ length: CACHED_TILES }, (_, i) => ({
    layer: 'water',
    tile: `t${i}`,
    features_json: features(i),
    feature_count: 20,
    fetched_at: now,
  }));
  for (let k = 0; k < rows.length; k += 500)
    await handle.db
      .insertInto('osm_tile_cache')
      .values(rows.slice(k, k + 500))
      .execute();
  await handle.close();
  const rssBefore = rssMb(app.child.pid);
  await timings(
    Array.from({ length: 500 }, (_, i) => urls[i % TILES]),
    cookie,
  );
  const rssAfter = rssMb(app.child.pid);
  result = { cold, warm, baseline, rssBefore, rssAfter };
} finally {
  app.child.kill();
  overpass.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const ms = (v) => `${v.toFixed(1)} ms`;
writeSection(
  'map-layers',
  `## Map layers (bench/map-layers.mjs)

${new Date().toISOString().slice(0, 10)}, ${machine()}. ${TILES} one-tile requests of \`GET /api/map/layers/vet\` against a fake
Overpass on 127.0.0.1 that answers 20 points after ${DELAY_MS} ms; SQLite file.

| request | p50 | p95 |
|---|---|---|
| cold (Overpass asked, tile stored) | ${ms(result.cold.p50)} | ${ms(result.cold.p95)} |
| warm (from the tile cache) | ${ms(result.warm.p50)} | ${ms(result.warm.p95)} |
| GET /api/auth/me (baseline) | ${ms(result.baseline.p50)} | ${ms(result.baseline.p95)} |

A cold tile costs the upstream's answer time plus a few milliseconds; a warm one costs about a small database read.
The cache lives in the database, not in the process: with ${CACHED_TILES.toLocaleString('en')} cached tiles the server's RSS was
${result.rssBefore} MB before and ${result.rssAfter} MB after 500 warm requests.`,
);
