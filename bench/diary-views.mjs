// Diary views benchmark (issue 4): GET /api/diary/calendar and /api/diary/locations for a dog with 20,000 entries
// (target: under 20 ms). Entries are inserted straight into the app's SQLite file; 10,000 of them carry a photo
// row and 15,000 a position spread over 400 places.
// Run: npm run build && node bench/diary-views.mjs   (about a minute; writes its section of docs/performance.md)
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { machine, percentile, registerUser, startBenchApp, timedGet, writeSection } from './lib.mjs';

const ENTRIES = 20_000;
const RUNS = 300;
const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-diary-'));

async function measure(name, url, cookie) {
  for (let i = 0; i < 20; i++) await timedGet(url, cookie); // warm-up: statement cache, JIT
  const times = [];
  let size = 0;
  for (let i = 0; i < RUNS; i++) {
    const r = await timedGet(url, cookie);
    if (r.status !== 200) throw new Error(`${name}: HTTP ${r.status} ${r.body}`);
    times.push(r.ms);
    size = r.body.length;
  }
  times.sort((a, b) => a - b);
  const row = { name, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), max: times[times.length - 1], kb: size / 1024 };
  console.log(`${name}: p50 ${row.p50.toFixed(2)} ms, p95 ${row.p95.toFixed(2)} ms, p99 ${row.p99.toFixed(2)} ms, ${row.kb.toFixed(1)} KB`);
  return row;
}

function seed(dogId) {
  const db = new SQLite(join(dataDir, 'pfotenbuch.sqlite'));
  db.pragma('busy_timeout = 10000');
  const now = new Date().toISOString();
  const places = Array.from({ length: 400 }, (_, i) => [47.3 + (i % 20) * 0.25, 6.0 + Math.floor(i / 20) * 0.45]);
  const insertEntry = db.prepare(
    'insert into diary_entries (dog_id, date, title, text, mood, lat, lon, cell_lat, cell_lon, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertMedia = db.prepare(
    "insert into diary_media (entry_id, dog_id, url, preview_url, width, height, bytes, weather_status, created_at) values (?, ?, ?, ?, 4000, 3000, 5000000, 'none', ?)",
  );
  const moods = ['happy', 'playful', 'calm', 'tired', null];
  db.transaction(() => {
    for (let i = 0; i < ENTRIES; i++) {
      // About three entries a day, going back from 2026-11-21 over roughly 18 years.
      const date = new Date(Date.UTC(2026, 10, 21) - Math.floor(i / 3) * 86_400_000).toISOString().slice(0, 10);
      const located = i % 4 !== 0;
      const [plat, plon] = places[i % places.length];
      const lat = located ? plat + ((i * 7) % 50) / 1e5 : null;
      const lon = located ? plon + ((i * 13) % 50) / 1e5 : null;
      const { lastInsertRowid } = insertEntry.run(
        dogId,
        date,
        `Eintrag ${i}`,
        'Heute waren wir lange draußen. '.repeat(8),
        moods[i % moods.length],
        lat,
        lon,
        lat === null ? null : Math.round(lat * 1000),
        lon === null ? null : Math.round(lon * 1000),
        now,
        now,
      );
      if (i % 2 === 0) insertMedia.run(lastInsertRowid, dogId, `/media/bench/${i}.jpg`, `/media/bench/${i}_preview.webp`, now);
    }
  })();
  db.close();
}

const procs = [];
try {
  const app = await startBenchApp(3997, dataDir);
  procs.push(app.child);
  const json = { 'content-type': 'application/json' };
  const cookie = await registerUser(app.url, 'diary@example.de');
  const dogRes = await fetch(`${app.url}/api/dogs`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ name: 'Bello' }) });
  const dog = await dogRes.json();
  if (dogRes.status !== 201) throw new Error(`dog failed: ${dogRes.status} ${JSON.stringify(dog)}`);
  const t0 = Date.now();
  seed(dog.id);
  console.log(`seeded ${ENTRIES} entries in ${Date.now() - t0} ms`);

  const rows = [
    await measure('GET /api/diary/calendar?month=2026-11&dog_id=…', `${app.url}/api/diary/calendar?month=2026-11&dog_id=${dog.id}`, cookie),
    await measure('GET /api/diary/calendar?month=2015-03&dog_id=…', `${app.url}/api/diary/calendar?month=2015-03&dog_id=${dog.id}`, cookie),
    await measure('GET /api/diary/calendar?month=2026-11 (all dogs)', `${app.url}/api/diary/calendar?month=2026-11`, cookie),
    await measure('GET /api/diary/locations?dog_id=…', `${app.url}/api/diary/locations?dog_id=${dog.id}`, cookie),
    await measure('GET /api/diary/locations (all dogs)', `${app.url}/api/diary/locations`, cookie),
    await measure('GET /api/diary/stats?dog_id=…', `${app.url}/api/diary/stats?dog_id=${dog.id}`, cookie),
    await measure('GET /api/auth/me (reference)', `${app.url}/api/auth/me`, cookie),
  ];
  const f = (n) => n.toFixed(2);
  const target = rows.filter((r) => /calendar|locations/.test(r.name));
  const worst = Math.max(...target.map((r) => r.p95));
  const worstP50 = Math.max(...target.map((r) => r.p50));
  const load = loadavg()[0].toFixed(1);
  writeSection(
    'diary-views',
    `## Diary views with 20,000 entries (\`bench/diary-views.mjs\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}. Built server (\`dist/server.js\`), SQLite,
\`LOG_LEVEL=warn\`. One dog with ${ENTRIES.toLocaleString('en')} entries (about three a day over 18 years), 10,000 photo
rows, 15,000 located entries over 400 places. ${RUNS} sequential requests per row over one keep-alive connection after
20 warm-up requests; times are the client's, so they include HTTP and JSON.

| request | p50 ms | p95 ms | p99 ms | max ms | response KB |
|---|---|---|---|---|---|
${rows.map((r) => `| ${r.name} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${f(r.max)} | ${r.kb.toFixed(1)} |`).join('\n')}

- Target: calendar and locations under 20 ms — worst p50 **${f(worstP50)} ms**, worst p95 **${f(worst)} ms** —
  ${worst < 20 ? 'met (p95)' : worstP50 < 20 ? 'met at p50, NOT at p95' : 'NOT met'}.
- Load on the machine while measuring (1-minute load average, other work included): ${load} on ${availableParallelism()} cores;
  the p95/p99 columns move with it between runs, the p50 column hardly.
- Ratio to \`GET /api/auth/me\` in the same run (p50): calendar ${f(rows[0].p50 / rows[6].p50)}×, locations ${f(rows[3].p50 / rows[6].p50)}×.
- Locations are grouped in SQL by a stored 0.001° cell (\`cell_lat\`, \`cell_lon\`, indexed with \`dog_id\`), so the
  answer is one row per place (400 here), not one per entry.`,
  );
} finally {
  for (const p of procs) p.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
