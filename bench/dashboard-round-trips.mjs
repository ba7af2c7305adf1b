// GET /api/welcome-dashboard alone (issue 34, "the dashboard: fewer round trips"): statements per request, p50/p99 at 10 and 25 connections, server CPU per request (app and PostgreSQL apart) on SQLite and PostgreSQL.
// The world is bench/mix.mjs's (bench/seed.ts: N users with the same own data each, sessions minted like the app's);
// the requests are its "route alone" ones (users among the first 190). Statements per request on PostgreSQL come from
// pg_stat_database (every statement outside a transaction commits once), so they include the session lookup.
// Run: node bench/dashboard-round-trips.mjs [--users 2000] [--engines sqlite,pg] [--count 1500] [--pg-port 25605]
//      [--dist DIR[,DIR…] --rounds R]  (builds taking turns R rounds on the same data, medians: an A/B; a server
//      built elsewhere than dist/; `--build DIR [--src SRC]` builds SRC/server.ts (default src)
//      into DIR first, so a bench does not race other builds of dist/, and an A/B can build two commits' sources:
//      `git archive COMMIT src | tar -x -C test-artifacts/ab-x`). Prints only; docs/performance.md's
//      "dashboard-round-trips" block is written by hand from its output.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { START_FLAGS, percentile } from './lib.mjs';

const { openDb, migrateToLatest, growWorld, emptyWorld, sql } = await tsImport('./seed.ts', import.meta.url);
const { drive, mainRoutes, sessionMinter } = await tsImport('./mix-load.ts', import.meta.url);

const argv = process.argv.slice(2);
const value = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
};
const USERS = Number(value('users', '2000'));
const ENGINES = value('engines', 'sqlite,pg').split(',');
const COUNT = Number(value('count', '1500'));
const PG_PORT = Number(value('pg-port', '25605'));
const BUILD = value('build', undefined);
const DISTS = BUILD ? [BUILD] : value('dist', 'dist').split(',');
const ROUNDS = Number(value('rounds', '1'));
const SRC = value('src', 'src');
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const APP_PORT = Number(value('port', '3965'));

if (BUILD) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(SRC, 'server.ts')],
    outdir: BUILD,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

const cpuMs = (pid, children = false) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0)) * 10;
};
/** CPU of a PostgreSQL cluster: the postmaster, its ended children, and every live process below it (bench/mix.mjs). */
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

async function startServer(dist, env) {
  const child = spawn(process.execPath, [...START_FLAGS, join(dist, 'server.js')], {
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
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${APP_PORT}`;
  for (let i = 0; i < 200; i++) {
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

/** Commits so far in the bench database (pg_stat_database), after the backends flushed their counters. */
async function commits(db) {
  // A backend flushes its counters at most once a second, and an idle one only after 10 s (PGSTAT_IDLE_INTERVAL).
  await new Promise((r) => setTimeout(r, 11_000));
  const { rows } = await sql`select xact_commit from pg_stat_database where datname = current_database()`.execute(db);
  return Number(rows[0].xact_commit);
}

async function runEngine(engine) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-dash-'));
  let databaseUrl;
  let pgPid;
  if (engine === 'pg') {
    databaseUrl = execFileSync('scripts/pg-test-server.sh', ['start', String(PG_PORT)], { encoding: 'utf8' }).trim();
    pgPid = Number(readFileSync(`/tmp/pfotenbuch-pg-${PG_PORT}/db/postmaster.pid`, 'utf8').split('\n')[0]);
  }
  const handle = openDb({ databaseUrl, dataDir });
  const rows = [];
  try {
    if (engine === 'pg') {
      await sql`drop schema public cascade`.execute(handle.db);
      await sql`create schema public`.execute(handle.db);
    }
    await migrateToLatest(handle.db);
    const world = emptyWorld();
    await growWorld(handle.db, world, USERS);
    if (engine === 'pg') await sql`analyze`.execute(handle.db);
    console.log(`${engine}: ${USERS} users, ${world.rows.toLocaleString('en')} rows`);
    const cookie = sessionMinter(SECRET);
    const next = mainRoutes(world).find(([name]) => name === 'GET /api/welcome-dashboard')[1];
    // Builds take turns round by round on the same data, so the load of a shared machine falls on each alike.
    for (let round = 1; round <= ROUNDS; round++) {
      for (const dist of DISTS) {
        const app = await startServer(dist, { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
        console.log(`  ${dist}, round ${round}:`);
        try {
          // Warm-up: JIT, statement caches, and every user's photos of the day chosen (the first visit of a day).
          await drive({ url: app.url, connections: 10, count: 600, next, cookie });
          for (const connections of [10, 25]) {
            // Statements are counted in the first round only (reading them waits for PostgreSQL's counters).
            const counting = engine === 'pg' && round === 1;
            const c0 = counting ? await commits(handle.db) : 0;
            const cpu0 = cpuMs(app.child.pid);
            const pg0 = pgPid ? pgCpuMs(pgPid) : 0;
            const r = await drive({ url: app.url, connections, count: COUNT, next, cookie });
            const cpu = (cpuMs(app.child.pid) - cpu0) / r.total;
            const pg = pgPid ? (pgCpuMs(pgPid) - pg0) / r.total : 0;
            const statements = counting ? ((await commits(handle.db)) - c0 - 1) / r.total : NaN;
            const sorted = [...r.latencies].sort((a, b) => a - b);
            const row = {
              dist,
              engine,
              round,
              connections,
              p50: percentile(sorted, 50),
              p99: percentile(sorted, 99),
              rps: r.total / r.seconds,
              cpu,
              pg,
              statements,
              bad: r.non2xx + r.errors,
            };
            rows.push(row);
            console.log(
              `    ${connections} connections: p50 ${row.p50.toFixed(1)} / p99 ${row.p99.toFixed(1)} ms, ${Math.round(row.rps)} req/s, CPU app ${cpu.toFixed(2)}${pgPid ? ` + PG ${pg.toFixed(2)}` : ''} ms/req${counting ? `, ${statements.toFixed(1)} statements/req` : ''}${row.bad ? `, ${row.bad} failed: ${r.samples[0]}` : ''}`,
            );
          }
        } finally {
          const exited = new Promise((resolve) => app.child.once('exit', resolve));
          app.child.kill('SIGTERM');
          await exited;
        }
      }
    }
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (engine === 'pg') execFileSync('scripts/pg-test-server.sh', ['stop', String(PG_PORT)]);
  }
  return rows;
}

const all = [];
for (const engine of ENGINES) all.push(...(await runEngine(engine)));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
console.log(`medians over ${ROUNDS} round(s):`);
for (const engine of ENGINES)
  for (const dist of DISTS)
    for (const connections of [10, 25]) {
      const rs = all.filter((r) => r.engine === engine && r.dist === dist && r.connections === connections);
      const m = (k) => median(rs.map((r) => r[k])).toFixed(k === 'cpu' || k === 'pg' ? 2 : 1);
      console.log(
        `  ${engine} ${dist} ${connections} conn: p50 ${m('p50')} / p99 ${m('p99')} ms, CPU app ${m('cpu')}${engine === 'pg' ? ` + PG ${m('pg')}` : ''} ms/req${engine === 'pg' ? `, ${rs[0].statements.toFixed(1)} statements/req` : ''}`,
      );
    }
console.log(JSON.stringify(all));
