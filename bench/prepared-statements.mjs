// Prepared statements (issue 34): CPU per request of the app and of PostgreSQL for the mix's hot reads, with PostgreSQL's named prepared statements off and on, and with SQLite's statement cache off and on.
// 2,000 seeded users (bench/seed.ts), sessions minted like bench/mix.mjs. Each variant is a fresh server built from
// the working tree (server only, into test-artifacts/); the variants differ only in their settings
// (PG_PREPARED_STATEMENTS, SQLITE_STATEMENT_CACHE=0, COMPILED_ONCE=false), never in their source. Variants alternate (A B A B) and each
// route's number is the mean of its two rounds, so a busy machine's drift falls on both alike.
// With --compiled-once: instead, core/db/compiled-once.ts off (COMPILED_ONCE=false) and on, both engines,
// with prepared statements and the statement cache on, for the three routes it was tried on (the unread count kept
// the plain query: docs/performance.md says why).
// Run: node bench/prepared-statements.mjs [--compiled-once] [--all-routes] [--engines sqlite,pg] [--burst 1500] [--pg-port 25606]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { BENCH_SECRET, bundleServer, cpuMs, machine, option, percentile, startBundle, stopApp, treeCpuMs as pgCpuMs } from './lib.mjs';
import { pgServerUp, startPgServer, stopPgServer } from './pg.mjs';

const { openDb, migrateToLatest, growWorld, emptyWorld, sql } = await tsImport('./seed.ts', import.meta.url);
const { drive, mainRoutes, sessionMinter } = await tsImport('./mix-load.ts', import.meta.url);

const argv = process.argv.slice(2);
const BURST = Number(option('burst', '1500'));
const USERS = Number(option('users', '2000'));
const PG_PORT = Number(option('pg-port', '25606'));
const APP_PORT = 3961;
const COMPILED_ONCE = argv.includes('--compiled-once');
/** --all-routes: every main route of bench/mix-load.ts (nearby lists, friends, … too) instead of the five hot reads. */
const ALL_ROUTES = argv.includes('--all-routes');
const ENGINES = option('engines', 'sqlite,pg').split(',');

/** The server bundle (one for every variant: they differ in their settings only). */
async function bundle(dir) {
  await bundleServer({ outdir: dir, sourcemap: false });
  return join(dir, 'server.js');
}

/** A variant's server; the bench's weather and food-alert sources go to a closed port. */
const startServer = (script, env) =>
  startBundle(
    script,
    APP_PORT,
    { BRIGHTSKY_URL: 'http://127.0.0.1:9', FOOD_ALERTS_URL: 'http://127.0.0.1:9', WEATHER_ALERTS_URL: 'http://127.0.0.1:9', ...env },
    300,
  );

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** The hot reads of the mix (bench/mix-load.ts's mainRoutes, the ones the issue names). */
function hotRoutes(world) {
  const some = () => world.users[Math.floor(Math.random() * Math.min(190, world.users.length))];
  const one = (name, make) => [
    name,
    () => {
      const u = some();
      return { userId: u.id, requests: [{ route: name, path: make(u) }] };
    },
  ];
  return [
    one('GET /api/notifications/unread-count', () => '/api/notifications/unread-count'),
    one('GET /api/conversations/{id}/messages?after=', (u) => {
      const [other, last] = pick(u.chats);
      return `/api/conversations/${other}/messages?after=${last}`;
    }),
    one('GET /api/diary/entries', () => '/api/diary/entries?limit=20'),
    one('GET /api/forum/threads/{id}', () => `/api/forum/threads/${world.threads[Math.floor(Math.random() * 38)]}`),
    one('GET /api/welcome-dashboard', () => '/api/welcome-dashboard'),
  ];
}

async function measureRoutes(app, routes, cookie, pgPid) {
  const out = new Map();
  for (const [name, next] of routes) {
    await drive({ url: app.url, connections: 10, count: 300, next, cookie });
    const cpu0 = cpuMs(app.child.pid);
    const pg0 = pgPid ? pgCpuMs(pgPid) : 0;
    const r = await drive({ url: app.url, connections: 10, count: BURST, next, cookie });
    const bad = r.non2xx + r.errors;
    if (bad) throw new Error(`${name}: ${bad} failed, e.g. ${r.samples[0]}`);
    const sorted = [...r.latencies].sort((a, b) => a - b);
    out.set(name, { app: (cpuMs(app.child.pid) - cpu0) / r.total, pg: pgPid ? (pgCpuMs(pgPid) - pg0) / r.total : 0, p50: percentile(sorted, 50) });
  }
  return out;
}

async function runEngine(engine, builds) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-pstmt-'));
  let databaseUrl;
  let pgPid;
  const pgWasUp = engine === 'pg' && pgServerUp(PG_PORT);
  if (engine === 'pg') {
    const pg = startPgServer(PG_PORT);
    const admin = pg.url;
    pgPid = pg.pid;
    const name = `bench_pstmt_${Date.now().toString(36)}`;
    const handle = openDb({ databaseUrl: admin, dataDir });
    await sql.raw(`create database ${name}`).execute(handle.db);
    await handle.close();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const handle = openDb({ databaseUrl, dataDir });
  await migrateToLatest(handle.db);
  const world = emptyWorld();
  const t0 = Date.now();
  await growWorld(handle.db, world, USERS);
  if (engine === 'pg') await sql`analyze`.execute(handle.db);
  await handle.close();
  console.log(`${engine}: ${USERS} users, ${world.rows.toLocaleString('en')} rows, seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const cookie = sessionMinter(BENCH_SECRET);
  const routes = ALL_ROUTES ? mainRoutes(world) : COMPILED_ONCE ? hotRoutes(world).filter(([name]) => !/diary|dashboard/.test(name)) : hotRoutes(world);
  const variants = COMPILED_ONCE
    ? [
        ['off', builds.plain, { ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), COMPILED_ONCE: 'false' }],
        ['on', builds.plain, { ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), COMPILED_ONCE: 'true' }],
      ]
    : engine === 'pg'
      ? [
          ['off', builds.plain, { DATABASE_URL: databaseUrl, PG_PREPARED_STATEMENTS: 'false' }],
          ['on', builds.plain, { DATABASE_URL: databaseUrl, PG_PREPARED_STATEMENTS: 'true' }],
        ]
      : [
          ['off', builds.plain, { DATA_DIR: dataDir, SQLITE_STATEMENT_CACHE: '0' }],
          ['on', builds.plain, { DATA_DIR: dataDir, SQLITE_STATEMENT_CACHE: '500' }],
        ];
  const sums = new Map();
  for (let round = 0; round < 2; round++) {
    for (const [variant, script, env] of variants) {
      const app = await startServer(script, { DATA_DIR: dataDir, ...env });
      try {
        const rows = await measureRoutes(app, routes, cookie, pgPid);
        for (const [route, row] of rows) {
          const key = `${variant} ${route}`;
          const sum = sums.get(key) ?? { app: 0, pg: 0, p50: 0, n: 0 };
          sums.set(key, { app: sum.app + row.app, pg: sum.pg + row.pg, p50: sum.p50 + row.p50, n: sum.n + 1 });
          console.log(
            `  ${engine} ${variant} round ${round + 1}: ${route}: app ${(row.app * 1000).toFixed(0)} µs${pgPid ? ` + PG ${(row.pg * 1000).toFixed(0)} µs` : ''}, p50 ${row.p50.toFixed(1)} ms`,
          );
        }
      } finally {
        await stopApp(app);
      }
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
  // A server someone else started (tests on the same port) stays up; the bench's own database stays in it.
  if (engine === 'pg' && !pgWasUp) stopPgServer(PG_PORT);
  return routes.map(([route]) => {
    const mean = (variant) => {
      const s = sums.get(`${variant} ${route}`);
      return { app: (s.app / s.n) * 1000, pg: (s.pg / s.n) * 1000, p50: s.p50 / s.n };
    };
    return { route, off: mean('off'), on: mean('on') };
  });
}

const buildDir = 'test-artifacts/pstmt-build';
rmSync(buildDir, { recursive: true, force: true });
const builds = { plain: await bundle(`${buildDir}/plain`) };
const results = {};
for (const engine of ENGINES) results[engine] = await runEngine(engine, builds);

const µs = (n) => Math.round(n).toLocaleString('en');
const pct = (before, after) => `${after <= before ? '−' : '+'}${Math.abs(Math.round((1 - after / before) * 100))} %`;
console.log(`\n${machine()}, load ${loadavg()[0].toFixed(1)} at the end; ${BURST} requests per route and variant (twice, A B A B), 10 connections.`);
const what = COMPILED_ONCE ? 'compiled once' : 'statement cache';
console.log(`\nSQLite (${what} off → on), app CPU µs per request:`);
for (const r of results.sqlite ?? []) console.log(`| \`${r.route}\` | ${µs(r.off.app)} | ${µs(r.on.app)} | ${pct(r.off.app, r.on.app)} |`);
console.log(`\nPostgreSQL (${COMPILED_ONCE ? what : 'named prepared statements'} off → on), CPU µs per request: app off, app on, PG off, PG on, sum off → on:`);
for (const r of results.pg ?? [])
  console.log(
    `| \`${r.route}\` | ${µs(r.off.app)} | ${µs(r.on.app)} | ${µs(r.off.pg)} | ${µs(r.on.pg)} | ${µs(r.off.app + r.off.pg)} → ${µs(r.on.app + r.on.pg)} (${pct(r.off.app + r.off.pg, r.on.app + r.on.pg)}) |`,
  );
