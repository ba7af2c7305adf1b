// Prepared statements (issue 34): CPU per request of the app and of PostgreSQL for the mix's hot reads, with PostgreSQL's named prepared statements off and on, and with SQLite's statement cache off and on.
// 2,000 seeded users (bench/seed.ts), sessions minted like bench/mix.mjs. Each variant is a fresh server built from
// the working tree (server only, into test-artifacts/); SQLite's variant without the cache is the same build with
// the cache's size set to 0 at bundling time (the app has no setting for it). Variants alternate (A B A B) and each
// route's number is the mean of its two rounds, so a busy machine's drift falls on both alike.
// With --compiled-once: instead, core/db/compiled-once.ts off (bundled with COMPILE_ONCE = false) and on, both engines,
// with prepared statements and the statement cache on, for the three routes it was tried on (the unread count kept
// the plain query: docs/performance.md says why).
// Run: node bench/prepared-statements.mjs [--compiled-once] [--all-routes] [--engines sqlite,pg] [--burst 1500] [--pg-port 25606]
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { tsImport } from 'tsx/esm/api';
import { machine, percentile, START_FLAGS } from './lib.mjs';

const { openDb, migrateToLatest, growWorld, emptyWorld, sql } = await tsImport('./seed.ts', import.meta.url);
const { drive, mainRoutes, sessionMinter } = await tsImport('./mix-load.ts', import.meta.url);

const argv = process.argv.slice(2);
const value = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
};
const BURST = Number(value('burst', '1500'));
const USERS = Number(value('users', '2000'));
const PG_PORT = Number(value('pg-port', '25606'));
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const APP_PORT = 3961;
const COMPILED_ONCE = argv.includes('--compiled-once');
/** --all-routes: every main route of bench/mix-load.ts (nearby lists, friends, … too) instead of the five hot reads. */
const ALL_ROUTES = argv.includes('--all-routes');
const ENGINES = value('engines', 'sqlite,pg').split(',');

const cpuMs = (pid, children = false) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0)) * 10;
};
/** CPU of a PostgreSQL cluster: the postmaster, its ended children, and every live process below it. */
function pgCpuMs(postmaster) {
  let total = cpuMs(postmaster, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const f = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(f[1]) === postmaster) total += (Number(f[11]) + Number(f[12])) * 10;
    } catch {
      // ended meanwhile
    }
  }
  return total;
}

/** An esbuild plugin that replaces `from` by `to` in the file matching `filter` (a bench-only variant). */
const replacing = (filter, from, to) => ({
  name: `replace ${from}`,
  setup(b) {
    b.onLoad({ filter }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      const patched = text.replace(from, to);
      if (patched === text) throw new Error(`${from} not found in ${args.path}`);
      return { contents: patched, loader: 'ts' };
    });
  },
});

/** The server bundle, with `plugins` making a variant. */
async function bundle(dir, plugins) {
  await build({
    entryPoints: ['src/server.ts'],
    outdir: dir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    plugins,
  });
  return join(dir, 'server.js');
}

async function startServer(script, env) {
  const child = spawn(process.execPath, [...START_FLAGS, script], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(APP_PORT),
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: 'false',
      RATE_LIMITS_ENABLED: 'false',
      JWT_SECRET: SECRET,
      NOMINATIM_URL: '',
      BRIGHTSKY_URL: 'http://127.0.0.1:9',
      FOOD_ALERTS_URL: 'http://127.0.0.1:9',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${APP_PORT}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('app did not start');
}

async function stop(app) {
  const exited = new Promise((resolve) => app.child.once('exit', resolve));
  app.child.kill('SIGTERM');
  await exited;
}

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
  const pgWasUp = engine === 'pg' && existsSync(`/tmp/pfotenbuch-pg-${PG_PORT}/db/postmaster.pid`);
  if (engine === 'pg') {
    const admin = execFileSync('scripts/pg-test-server.sh', ['start', String(PG_PORT)], { encoding: 'utf8' }).trim();
    pgPid = Number(readFileSync(`/tmp/pfotenbuch-pg-${PG_PORT}/db/postmaster.pid`, 'utf8').split('\n')[0]);
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
  const cookie = sessionMinter(SECRET);
  const routes = ALL_ROUTES ? mainRoutes(world) : COMPILED_ONCE ? hotRoutes(world).filter(([name]) => !/diary|dashboard/.test(name)) : hotRoutes(world);
  const variants = COMPILED_ONCE
    ? [
        ['off', builds.noCompiledOnce, databaseUrl ? { DATABASE_URL: databaseUrl } : {}],
        ['on', builds.plain, databaseUrl ? { DATABASE_URL: databaseUrl } : {}],
      ]
    : engine === 'pg'
      ? [
          ['off', builds.plain, { DATABASE_URL: databaseUrl, PG_PREPARED_STATEMENTS: 'false' }],
          ['on', builds.plain, { DATABASE_URL: databaseUrl, PG_PREPARED_STATEMENTS: 'true' }],
        ]
      : [
          ['off', builds.noCache, { DATA_DIR: dataDir }],
          ['on', builds.plain, { DATA_DIR: dataDir }],
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
        await stop(app);
      }
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
  // A server someone else started (tests on the same port) stays up; the bench's own database stays in it.
  if (engine === 'pg' && !pgWasUp) execFileSync('scripts/pg-test-server.sh', ['stop', String(PG_PORT)]);
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
const builds = {
  plain: await bundle(`${buildDir}/plain`, []),
  noCache: await bundle(`${buildDir}/no-sqlite-cache`, [
    replacing(/sqlite-dialect\.ts$/, 'const STATEMENT_CACHE_SIZE = 500;', 'const STATEMENT_CACHE_SIZE = 0;'),
  ]),
  noCompiledOnce: await bundle(`${buildDir}/no-compiled-once`, [replacing(/compiled-once\.ts$/, 'const COMPILE_ONCE = true;', 'const COMPILE_ONCE = false;')]),
};
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
