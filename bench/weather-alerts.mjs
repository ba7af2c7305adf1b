// The weather.alerts job (issue 52) with 20,000 users in 400 warn cells against a fake Bright Sky: time and upstream requests per run.
// Baseline: the same number of bare GETs to the same fake (4 at a time, JSON parsed), in the same run, so the ratio
// says what the job adds around its requests (reading users, storing lists, pushing). On SQLite.
// Run: node bench/weather-alerts.mjs   (a minute or two; writes its section of docs/performance.md)
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { tsImport } from 'tsx/esm/api';
import { machine, writeSection } from './lib.mjs';

const w = await tsImport('./weather-alerts.entry.ts', import.meta.url);
const CELLS = 400;
const PLACES_PER_CELL = 5;
const USERS_PER_PLACE = 10;

const fake = new w.FakeWeatherAlertsServer();
const url = await fake.start();
const bench = await w.benchContext(url);
const users = await w.seedHomes(bench.ctx, CELLS, PLACES_PER_CELL, USERS_PER_PLACE);
const cellIds = [...new Set((await bench.ctx.db.selectFrom('users').select(['lat', 'lon']).execute()).map((u) => w.cellAt(u.lat, u.lon)))];

/** `n` bare GETs by cell id, 4 at a time: what the requests alone cost. */
async function bare(n) {
  const started = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < n) {
      const cell = cellIds[next++ % cellIds.length];
      const res = await fetch(`${url}/alerts?warn_cell_id=${cell}&tz=Europe%2FBerlin`);
      await res.json();
    }
  };
  await Promise.all(Array.from({ length: 4 }, lane));
  return performance.now() - started;
}

async function timed(label) {
  fake.requests.length = 0;
  const started = performance.now();
  const run = await w.runWeatherAlerts(bench.ctx);
  const ms = performance.now() - started;
  const requests = fake.requests.length;
  bench.clock.advance(15 * 60_000);
  const baseline = await bare(run.requests);
  const row = { label, ms: Math.round(ms), requests, pushed: run.pushed, baseline: Math.round(baseline), ratio: (ms / baseline).toFixed(1) };
  console.log(row);
  return row;
}

const rows = [];
// Placing: no warnings yet, each new place asked by position, 500 a run (PLACEMENTS_PER_RUN).
for (let i = 1; i <= 4; i++) rows.push(await timed(`placing run ${i} (no warnings)`));
// Every place known: a heat warning in every cell.
for (const cell of cellIds) fake.alerts.set(cell, [w.heatAlert()]);
rows.push(await timed('steady, a new heat warning in all 400 cells'));
rows.push(await timed('steady, the same warnings again'));
fake.alerts.clear();
rows.push(await timed('steady, no warnings'));

await bench.close();
await fake.stop();
rmSync(bench.dataDir, { recursive: true, force: true });

const table = rows.map((r) => `| ${r.label} | ${r.requests} | ${r.ms} ms | ${r.baseline} ms | ${r.ratio} × | ${r.pushed} |`).join('\n');
writeSection(
  'weather-alerts',
  `## Walk weather: the weather.alerts job (issue 52)

${new Date().toISOString().slice(0, 10)}, ${machine()}, load ${loadavg()[0].toFixed(1)} (the machine is shared: times are noisy, the
request counts are exact). ${users.toLocaleString('en')} users with a home area in ${cellIds.length} fake warn cells
(${PLACES_PER_CELL} places of about 1 km per cell), SQLite, the fake Bright Sky in the same process. Baseline: the same number of bare GETs to
the fake, 4 at a time, right after each run.

| run | upstream requests | job | bare GETs | ratio | users told |
|---|---|---|---|---|---|
${table}

Once every home area is matched to its cell, a run sends one request per cell (${cellIds.length}), whatever the number of users.
Matching is one request per new place of 0.01°, at most 500 a run (\`PLACEMENTS_PER_RUN\`), so a new service's
2,000 places take four runs (an hour); a user whose place is not matched yet is matched on their first visit.
Telling 20,000 users of a new warning is the run's main cost (notifyMany: an in-app row per user, 500 per
transaction); the same warnings again cost nothing more, since a cell's warnings already told are skipped
(\`told_json\`; before that, 20,000 conflicting inserts took 14.7 s every run). A phase's lists are written in one
transaction (with single writes the first 500 matches took 4.8 s beside 0.5 s of bare GETs, 9 ×; batched 1.7 ×).`,
);
