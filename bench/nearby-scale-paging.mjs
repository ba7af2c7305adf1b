// Nearby lists in keyset pages (issue 32): 20,000 services in the box of one 10 km search on SQLite, the first page
// and a later one, against the list as it was before paging (the nearest 200 at once, the rest unreachable).
// The list is GET /api/services's own code (listNear of core/geo-items) on the database directly, without HTTP.
// Run: npx node bench/nearby-scale-paging.mjs   (about a minute; writes its section of docs/performance.md)
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { insertInChunks, machine, timeSerialised, writeSection } from './lib.mjs';
import { listNearBefore as oldList } from './nearby-before.mjs';

const geo = await tsImport('./nearby-scale.entry.ts', import.meta.url);
const { openDb, migrateToLatest, listNear, services, boundingBox, sql } = geo;

const ITEMS = 20_000;
const RUNS = 100;
const BERLIN = { lat: 52.52, lon: 13.405 };
const RADIUS_KM = 10;

/** ITEMS services spread evenly over the search's box (deterministic), one user's, by direct inserts. */
async function seed(db) {
  const now = new Date().toISOString();
  const [user] = await db
    .insertInto('users')
    .values({ email: 'paging@bench.example', name: 'Bench', password_hash: 'x', created_at: now, updated_at: now })
    .returning('id')
    .execute();
  const box = boundingBox(BERLIN, RADIUS_KM);
  const [[west, east]] = box.lonRanges;
  let s = 32;
  const rnd = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const rows = Array.from({ length: ITEMS }, (_, i) => ({
    user_id: user.id,
    lat: box.minLat + rnd() * (box.maxLat - box.minLat),
    lon: west + rnd() * (east - west),
    name: `Dienst ${i}`,
    category: 'tierarzt',
    created_at: now,
    updated_at: now,
  }));
  await insertInChunks(db, 'services', rows, 500);
}

/** The list before paging (commit before issue 32's nearby paging): nearest 200 from 400 candidates, widening steps. */
const listNearBefore = (db, actor, query) =>
  oldList(geo, db, actor, query, (q, box) => {
    const [[minLon, maxLon]] = box.lonRanges;
    return q
      .where(
        sql`services.id in (select id from services_rtree where max_lat >= ${box.minLat} and min_lat <= ${box.maxLat} and max_lon >= ${minLon} and min_lon <= ${maxLon})`,
      )
      .where('lat', '>=', box.minLat)
      .where('lat', '<=', box.maxLat)
      .where('lon', '>=', minLon)
      .where('lon', '<=', maxLon);
  });

async function time(run) {
  const { p50, p95, bytes } = await timeSerialised(run, RUNS);
  return { p50, p95, kib: bytes / 1024 };
}

const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-nearby-paging-'));
const handle = openDb({ dataDir });
const rows = [];
let inCircle = 0;
try {
  const db = handle.db;
  await migrateToLatest(db);
  await seed(db);
  const actor = { id: 1 };
  const query = { lat: BERLIN.lat, lon: BERLIN.lon, radius_km: RADIUS_KM };
  const ctx = { db };
  /** The cursor in front of row `at` (0-based), by walking the pages of 200. */
  async function cursorAt(at) {
    let cursor;
    for (let seen = 0; seen < at; seen += 200) {
      const page = await listNear(ctx, actor, services, { ...query, limit: Math.min(200, at - seen), cursor });
      cursor = page.next_cursor;
    }
    return cursor;
  }
  let cursor;
  do {
    const page = await listNear(ctx, actor, services, { ...query, limit: 200, cursor });
    inCircle += page.items.length;
    cursor = page.next_cursor;
  } while (cursor);
  const later = await cursorAt(10_000);
  const last = await cursorAt(inCircle - 50);
  const ways = [
    ['before: nearest 200 at once (the rest unreachable)', () => listNearBefore(db, actor, query)],
    ['after: first page of 200 (no `limit`)', () => listNear(ctx, actor, services, { ...query, limit: 200 })],
    ['after: first page of 50 (the app)', () => listNear(ctx, actor, services, { ...query, limit: 50 })],
    ['after: page of 50 at row 10,000', () => listNear(ctx, actor, services, { ...query, limit: 50, cursor: later })],
    [`after: last page of 50 (row ${(inCircle - 50).toLocaleString('en')})`, () => listNear(ctx, actor, services, { ...query, limit: 50, cursor: last })],
  ];
  for (const [name, run] of ways) {
    const m = await time(run);
    console.log(`${name}: p50 ${m.p50.toFixed(2)} ms, p95 ${m.p95.toFixed(2)} ms, ${m.kib.toFixed(1)} KiB`);
    rows.push({ name, ...m });
  }
} finally {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}

writeSection(
  'nearby-paging',
  `## Nearby lists in keyset pages at 20,000 items (bench/nearby-scale-paging.mjs, issue 32)

${new Date().toISOString().slice(0, 10)}, ${machine()}, SQLite. ${ITEMS.toLocaleString('en')} services spread evenly over the box of one
${RADIUS_KM} km search around Berlin (${inCircle.toLocaleString('en')} of them within the circle). \`listNear\` (the code of
\`GET /api/services\`) plus \`JSON.stringify\` of the answer, without HTTP, ${RUNS} runs each after 10 for warm-up.
"before" is the list before paging: the nearest 200 from 400 candidates, the rest unreachable; "after" pages on
(SQL distance, id).

| list | p50 | p95 | answer size |
|---|---|---|---|
${rows.map((r) => `| ${r.name} | ${r.p50.toFixed(2)} ms | ${r.p95.toFixed(2)} ms | ${r.kib.toFixed(1)} KiB |`).join('\n')}

The first page reads the nearest rows through the widening steps (a circle of 1.25 km already holds a page here),
so it costs what the old list did. A later page asks for rows beyond the cursor's distance: the steps it has passed
are skipped, and the box of the step that holds the page is read through the R*Tree and sorted (a top-N sort of the
rows in that box beyond the cursor), so a deep page costs more than the first; the last page reads the whole box up
to the circle's bound (the corners beyond it stay in SQL) and a margin of 200 rows for the rim between that bound
and the exact circle. Load average at the end ${loadavg()[0].toFixed(1)} on ${cpus().length} cores (other runs shared the machine;
the p95 column shows it).`,
);
