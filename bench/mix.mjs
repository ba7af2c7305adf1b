// A realistic mix (issue 34): an owner's screens, weighted, from many sessions over N seeded users; req/s, p50/p95/p99, server CPU per request and RSS per engine beside an Express hello, and each main route's CPU per request at 200, 2,000 and 20,000 users.
// The users and their own data are inserted directly (bench/seed.ts: the project's migrations, no argon2), their
// sessions minted with the bench's JWT secret the way the app signs them (bench/mix-load.ts). CPU is the server's
// time on the CPU from /proc over a run, so it holds on a busy machine where req/s does not; on PostgreSQL also that
// of the backends serving the app, and the whole cluster's apart. Every size is a database of its own (vacuumed and
// analysed on PostgreSQL); the routes alone run at all sizes at once, in alternating rounds (bench/mix-routes.mjs);
// the section of docs/performance.md comes from bench/mix-report.mjs.
// Run: npm run bench -- mix                     (SQLite: mix at 2,000 users, routes at 200 / 2,000 / 20,000)
//      npm run bench -- mix --pg --pg-port 25612 (SQLite and PostgreSQL)
//      node bench/mix.mjs --users 2000 --seconds 20 --route-sizes none --pg --cpu-prof --no-write
// Flags: --users N[,N…] sizes of the mix; --route-sizes N,N|none; --seconds S (mix); --connections C (25);
//        --burst R (requests per route, size and round); --rounds K (3); --pg or MIX_PG=1 (PostgreSQL too);
//        --pg-only; --pg-port P; --cpu-prof (one profiled SQLite mix at the first size); --no-write (print only,
//        leave docs/performance.md alone).
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { tsImport } from 'tsx/esm/api';
import { BENCH_SECRET, cpuMs, machine, option, percentile, rssMb, startBenchApp, startForked, stopApp, writeSection } from './lib.mjs';
import { report } from './mix-report.mjs';
import { cpuMeter, cpuSince, measureRoutes } from './mix-routes.mjs';
import { pgMonitor, startPgServer, stopPgServer } from './pg.mjs';

const { openDb, migrateToLatest, growWorld, emptyWorld, PER_USER, ITEMS_AT_PROBE, CATEGORY_PAGE } = await tsImport('./seed.ts', import.meta.url);
const { drive, mixAction, mainRoutes, sessionMinter, ACTIONS } = await tsImport('./mix-load.ts', import.meta.url);
const { summariseProfile } = await tsImport('./cpu-profile.ts', import.meta.url);

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const sizes = (text) => (text === 'none' ? [] : text.split(',').map((s) => Number(s.replace(/[_,]/g, ''))));
const MIX_SIZES = sizes(option('users', '2000'));
const ROUTE_SIZES = sizes(option('route-sizes', '200,2000,20000'));
const SECONDS = Number(option('seconds', '30'));
const CONNECTIONS = Number(option('connections', '25'));
const BURST = Number(option('burst', '1000'));
const ROUNDS = Number(option('rounds', '3'));
const WARMUP = 200;
const PG_PORT = Number(option('pg-port', '25603'));
const ENGINES = flag('pg-only') ? ['pg'] : flag('pg') || process.env.MIX_PG === '1' ? ['sqlite', 'pg'] : ['sqlite'];
const APP_PORT = 3960;
const APP_ENV = { BRIGHTSKY_URL: 'http://127.0.0.1:9', WEATHER_ALERTS_URL: 'http://127.0.0.1:9' };

/** A photo as a phone app sends it after its own downscaling: 1600 × 1200 JPEG of about 150 KB, without GPS. */
async function photo() {
  const [w, h] = [1600, 1200];
  const noise = await sharp({ create: { width: w, height: h, channels: 3, background: '#8a7a60', noise: { type: 'gaussian', mean: 128, sigma: 10 } } })
    .blur(1.2)
    .raw()
    .toBuffer();
  return sharp(noise, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 86 })
    .toBuffer();
}

const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
};

/** This process's CPU (the load generator: requests, answers, sessions) since `start` (process.cpuUsage), in ms. */
const clientCpuMs = (start) => {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
};

/** A server's CPU per request for `seconds` of GETs on `/` at CONNECTIONS (the baselines). */
async function baseline(script) {
  const server = await startForked(script);
  try {
    const url = `http://127.0.0.1:${server.port}`;
    await drive({ url, connections: CONNECTIONS, seconds: 2, next: () => ({ requests: [{ route: '/', path: '/' }] }) });
    const [before, client0] = [cpuMs(server.child.pid), process.cpuUsage()];
    const r = await drive({ url, connections: CONNECTIONS, seconds: 6, next: () => ({ requests: [{ route: '/', path: '/' }] }) });
    const cpu = cpuMs(server.child.pid) - before;
    const clientMs = clientCpuMs(client0) / r.total;
    // The same with a new TCP connection per request (accept, close): what a request costs without keep-alive.
    const fresh0 = cpuMs(server.child.pid);
    const f = await drive({ url, connections: CONNECTIONS, seconds: 4, fresh: true, next: () => ({ requests: [{ route: '/', path: '/' }] }) });
    const freshCpuMs = (cpuMs(server.child.pid) - fresh0) / f.total;
    return { rps: r.total / r.seconds, cpuMs: cpu / r.total, clientMs, freshCpuMs, ...stats(r.latencies) };
  } finally {
    server.child.kill();
  }
}

/** The mix for `seconds` after a short warm-up: throughput, latency, CPU per request (cpuMeter), RSS. */
async function runMix(store, cookie, jpeg, seconds) {
  const { app, world, meter } = store;
  const url = app.url;
  const rssStart = rssMb(app.child.pid);
  await drive({ url, connections: CONNECTIONS, seconds: 4, next: () => mixAction(world, jpeg), cookie });
  const rssWarm = rssMb(app.child.pid);
  // The app's CPU from /proc/PID/stat (ticks, but with the threads that ended: sharp's for the uploads), over 30 s.
  const [cpu0, before, client0] = [cpuMs(app.child.pid), await meter.sample(), process.cpuUsage()];
  const r = await drive({ url, connections: CONNECTIONS, seconds, next: () => mixAction(world, jpeg), cookie });
  const cpu = cpuMs(app.child.pid) - cpu0;
  const clientMs = clientCpuMs(client0) / r.total;
  const spent = cpuSince(before, await meter.sample());
  const routes = [...r.byRoute].map(([route, o]) => ({ route, n: o.times.length, bad: o.bad, ...stats(o.times) })).sort((a, b) => b.n - a.n);
  const row = {
    rps: r.total / r.seconds,
    total: r.total,
    actions: r.actions,
    ...stats(r.latencies),
    cpuMs: cpu / r.total,
    clientMs,
    backendMs: spent.backends / r.total,
    clusterMs: spent.cluster / r.total,
    rssStart,
    rssWarm,
    rssEnd: rssMb(app.child.pid),
    non2xx: r.non2xx,
    errors: r.errors,
    samples: r.samples,
    routes,
  };
  const pg = meter.pg ? ` (+ PostgreSQL: app's backends ${row.backendMs.toFixed(2)}, cluster ${row.clusterMs.toFixed(2)})` : '';
  console.log(
    `  mix: ${Math.round(row.rps)} req/s, p50 ${row.p50.toFixed(1)} / p95 ${row.p95.toFixed(1)} / p99 ${row.p99.toFixed(1)} ms, CPU ${row.cpuMs.toFixed(2)} ms/req${pg} (load generator ${row.clientMs.toFixed(2)}), RSS ${rssStart} → ${row.rssWarm} → ${row.rssEnd} MB, ${row.total} requests, non-2xx ${row.non2xx}, errors ${row.errors}`,
  );
  for (const s of r.samples) console.log(`    ${s}`);
  return row;
}

/**
 * One database per size, seeded from nothing (user k's data depends only on k); on PostgreSQL vacuumed and analysed
 * at once, as autovacuum would do some time later (and would do during the measurement otherwise).
 */
async function seedStores(engine, monitor) {
  const stores = [];
  for (const size of [...new Set([...MIX_SIZES, ...ROUTE_SIZES])].sort((a, b) => a - b)) {
    const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-mix-'));
    const database = `bench_mix_${size}`;
    const databaseUrl = monitor ? await monitor.createDatabase(database) : undefined;
    const handle = openDb({ databaseUrl, dataDir });
    const world = emptyWorld();
    const t0 = Date.now();
    try {
      await migrateToLatest(handle.db);
      await growWorld(handle.db, world, size);
    } finally {
      await handle.close();
    }
    const seed = { size, ms: Date.now() - t0, rows: world.rows };
    if (monitor) {
      const v0 = Date.now();
      await monitor.vacuumAnalyze(database);
      seed.vacuumMs = Date.now() - v0;
    }
    console.log(`${engine}: ${size} users, ${world.rows.toLocaleString('en')} rows (seeded in ${(seed.ms / 1000).toFixed(1)} s)`);
    stores.push({ size, dataDir, database, databaseUrl, world, seed });
  }
  return stores;
}

/** Starts the app of a store on `port`, with its CPU meter. */
async function startStore(store, port, pgPid, monitor) {
  store.app = await startBenchApp(port, store.dataDir, { ...APP_ENV, ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}) });
  store.meter = cpuMeter({ appPid: store.app.child.pid, pgPid, monitor, database: store.database });
  return store;
}

async function runEngine(engine, jpeg) {
  const pgServer = engine === 'pg' ? startPgServer(PG_PORT) : undefined;
  const monitor = pgServer ? await pgMonitor(pgServer.url) : undefined;
  const result = { engine, seeds: [], mixes: [], routes: [] };
  const cookie = sessionMinter(BENCH_SECRET);
  let stores = [];
  try {
    stores = await seedStores(engine, monitor);
    result.seeds = stores.map((s) => s.seed);
    if (monitor) {
      result.autovacuum = await monitor.autovacuumQuiet();
      console.log(`pg: autovacuum quiet after ${(result.autovacuum.ms / 1000).toFixed(1)} s${result.autovacuum.stillRunning ? ' (still running!)' : ''}`);
    }
    // The mix first, on a fresh server (its RSS), with the baselines right after it.
    for (const store of stores.filter((s) => MIX_SIZES.includes(s.size))) {
      await startStore(store, APP_PORT, pgServer?.pid, monitor);
      try {
        console.log(`${engine}: mix at ${store.size} users`);
        const mix = await runMix(store, cookie, jpeg, SECONDS);
        result.mixes.push({
          size: store.size,
          rows: store.world.rows,
          ...mix,
          hello: await baseline('bench/servers/express-hello.mjs'),
          bare: await baseline('bench/servers/bare-http.mjs'),
        });
        const { hello, bare } = result.mixes.at(-1);
        console.log(
          `  Express hello: ${Math.round(hello.rps)} req/s, CPU ${hello.cpuMs.toFixed(3)} ms/req (load generator ${hello.clientMs.toFixed(3)}) (a new connection per request: ${hello.freshCpuMs.toFixed(3)}); bare node:http: CPU ${bare.cpuMs.toFixed(3)} ms/req`,
        );
      } finally {
        await stopApp(store.app);
      }
      if (engine === 'sqlite' && flag('cpu-prof') && store.size === MIX_SIZES[0]) result.profile = await profiledMix(store, cookie, jpeg);
    }
    // The routes alone: every size served at once, each app warmed by the mix.
    const targets = stores.filter((s) => ROUTE_SIZES.includes(s.size));
    if (targets.length) {
      try {
        for (const [i, store] of targets.entries()) await startStore(store, APP_PORT + 1 + i, pgServer?.pid, monitor);
        for (const { app, world } of targets) await drive({ url: app.url, connections: CONNECTIONS, seconds: 5, next: () => mixAction(world, jpeg), cookie });
        console.log(`${engine}: routes alone at ${targets.map((t) => t.size).join(', ')} users, ${ROUNDS} rounds`);
        result.routes = await measureRoutes({
          targets: targets.map((t) => ({ size: t.size, url: t.app.url, world: t.world, meter: t.meter })),
          routesOf: mainRoutes,
          drive,
          cookie,
          rounds: ROUNDS,
          burst: BURST,
          warmup: WARMUP,
          log: (line) => console.log(line),
        });
      } finally {
        for (const { app } of targets) if (app) await stopApp(app);
      }
    }
  } finally {
    for (const s of stores) rmSync(s.dataDir, { recursive: true, force: true });
    await monitor?.close();
    if (pgServer) stopPgServer(PG_PORT);
  }
  return result;
}

/** One more mix with the server under --cpu-prof; the profile summed by where the time went (bench/cpu-profile.ts). */
async function profiledMix(store, cookie, jpeg) {
  const dir = 'test-artifacts/mix-profile';
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const app = await startBenchApp(APP_PORT, store.dataDir, { ...APP_ENV, NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}` });
  try {
    console.log(`sqlite: profiled mix at ${store.size} users`);
    await runMix({ ...store, app, meter: cpuMeter({ appPid: app.child.pid }) }, cookie, jpeg, Math.min(SECONDS, 20));
  } finally {
    await stopApp(app);
  }
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no .cpuprofile written');
  const summary = summariseProfile(join(dir, file));
  for (const b of summary.buckets.slice(0, 14)) console.log(`  ${(b.share * 100).toFixed(1).padStart(5)} %  ${b.bucket}`);
  return { size: store.size, file: join(dir, file), ...summary };
}

const jpeg = await photo();
console.log(`photo: ${Math.round(jpeg.length / 1024)} KB`);
const results = [];
for (const engine of ENGINES) results.push(await runEngine(engine, jpeg));
const load = loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ');
console.log(`load average (1/5/15 min): ${load}`);

const settings = {
  machine: machine(),
  load,
  connections: CONNECTIONS,
  seconds: SECONDS,
  burst: BURST,
  warmup: WARMUP,
  rounds: ROUNDS,
  photoKb: Math.round(jpeg.length / 1024),
  PER_USER,
  ACTIONS,
  ITEMS_AT_PROBE,
  CATEGORY_PAGE,
};
if (!flag('no-write')) writeSection('mix', report(results, settings));
