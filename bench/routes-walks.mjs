// Routes and walks (issue 15): route plans against a fake openrouteservice on 127.0.0.1 that answers after 150 ms
// (fresh) and the same plans again from the day cache; the weekly totals with 5,000 walks of 3 dogs; saving a walk
// with a two-hour track (7,200 points). p50/p95 against GET /api/auth/me of the same run.
// Run: npm run build && node bench/routes-walks.mjs   (about half a minute; writes its section of docs/performance.md)
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { machine, percentile, registerUser, startBenchApp, timedGet, writeSection } from './lib.mjs';

const { openDb } = await tsImport('../src/core/db/index.ts', import.meta.url);

const PLANS = 100;
const WALKS = 5_000;
const DELAY_MS = 150;

/** A minimal openrouteservice: the points as the line, after DELAY_MS. */
function fakeOrs() {
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const { coordinates } = JSON.parse(Buffer.concat(chunks).toString());
      const body = { features: [{ properties: { summary: { distance: 1500, duration: 1080 } }, geometry: { type: 'LineString', coordinates } }] };
      setTimeout(() => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body)), DELAY_MS);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function timedPost(url, cookie, body) {
  const started = process.hrtime.bigint();
  const res = await fetch(url, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: new URL(url).origin },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`HTTP ${res.status} ${text}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

async function gets(url, cookie, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const r = await timedGet(url, cookie);
    if (r.status !== 200) throw new Error(`HTTP ${r.status} ${r.body}`);
    times.push(r.ms);
  }
  return stats(times);
}

const ors = await fakeOrs();
const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-routes-'));
const app = await startBenchApp(4762, dataDir, {
  PUBLIC_URL: 'http://127.0.0.1:4762',
  ROUTING_URL: `http://127.0.0.1:${ors.address().port}`,
  ROUTING_API_KEY: 'bench',
});
let result;
try {
  const cookie = await registerUser(app.url, 'routes@bench.example');
  const handle = openDb({ dataDir });
  // Premium: the weekly allowance would stop a free user after 20 plans.
  const user = await handle.db.selectFrom('users').select('id').where('email', '=', 'routes@bench.example').executeTakeFirstOrThrow();
  await handle.db.updateTable('users').set({ is_premium: 1, subscription_tier: 'pro' }).where('id', '=', user.id).execute();
  const now = new Date().toISOString();
  const dogIds = [];
  for (const name of ['Bello', 'Luna', 'Rex']) {
    const dog = await handle.db
      .insertInto('dogs')
      .values({ user_id: user.id, name, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    dogIds.push(dog.id);
  }
  for (let k = 0; k < WALKS; k += 500) {
    const walks = await handle.db
      .insertInto('walks')
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          user_id: user.id,
          started_at: new Date(Date.now() - ((k + i) % 120) * 86_400_000).toISOString(),
          duration_min: 30 + ((k + i) % 60),
          distance_m: 1000 + ((k + i) % 3000),
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    await handle.db
      .insertInto('walk_dogs')
      .values(walks.map((w, i) => ({ walk_id: w.id, dog_id: dogIds[i % 3] })))
      .execute();
  }
  await handle.close();

  const baseline = await gets(`${app.url}/api/auth/me`, cookie, 200);
  const points = (i) => [
    [48.1 + i * 0.001, 11.5],
    [48.11 + i * 0.001, 11.52],
  ];
  const fresh = [];
  for (let i = 0; i < PLANS; i++) fresh.push(await timedPost(`${app.url}/api/routes/plan`, cookie, { points: points(i) }));
  const cached = [];
  for (let i = 0; i < PLANS; i++) cached.push(await timedPost(`${app.url}/api/routes/plan`, cookie, { points: points(i) }));
  const weekly = await gets(`${app.url}/api/walks/weekly?weeks=8`, cookie, 100);
  const track = Array.from({ length: 7_200 }, (_, i) => [48.1 + i * 0.00002, 11.5 + (i % 100) * 0.00001]);
  const saves = [];
  for (let i = 0; i < 30; i++) saves.push(await timedPost(`${app.url}/api/walks`, cookie, { dog_ids: dogIds, started_at: now, duration_min: 120, track }));
  result = { baseline, fresh: stats(fresh), cached: stats(cached), weekly, save: stats(saves) };
  console.log(JSON.stringify(result));
} finally {
  app.child.kill();
  ors.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const ms = (v) => `${v.toFixed(1)} ms`;
const row = (label, s) => `| ${label} | ${ms(s.p50)} | ${ms(s.p95)} |`;
writeSection(
  'routes-walks',
  `## Routes and walks (bench/routes-walks.mjs)

${new Date().toISOString().slice(0, 10)}, ${machine()}. SQLite file; a fake openrouteservice on 127.0.0.1 answering after
${DELAY_MS} ms.

| request | p50 | p95 |
|---|---|---|
${row(`POST /api/routes/plan, ${PLANS} new plans (routing service asked)`, result.fresh)}
${row('the same plans again (day cache, not counted)', result.cached)}
${row(`GET /api/walks/weekly?weeks=8, ${WALKS.toLocaleString('en')} walks of 3 dogs`, result.weekly)}
${row('POST /api/walks with a 2-hour track (7,200 points)', result.save)}
${row('GET /api/auth/me (baseline)', result.baseline)}

A new plan costs the routing service's answer time plus a few milliseconds of quota and cache bookkeeping; a cached one
costs about a database read. The weekly totals read only the walks of the last 8 weeks through the \`walk_dogs\` index;
the first run of this bench measured 139 ms there, spent building one \`Intl.DateTimeFormat\` per walk for its Berlin
day — \`dateInZone\` now keeps one formatter per zone (every job that dates rows in Berlin time gains too). A track
of 7,200 points (14,400 numbers) is parsed, checked and stored in about 20 ms; the JSON value cap is raised for
geometry bodies only.`,
);
