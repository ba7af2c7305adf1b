// A realistic mix (issue 34): an owner's screens, weighted, from many sessions over N seeded users; req/s, p50/p95/p99, server CPU per request and RSS per engine beside an Express hello, and each main route's CPU per request at 200, 2,000 and 20,000 users.
// The users and their own data are inserted directly (bench/seed.ts: the project's migrations, no argon2), their
// sessions minted with the bench's JWT secret the way the app signs them (bench/mix-load.ts). CPU is the server's
// user + system time from /proc over a run (on PostgreSQL also PostgreSQL's own, apart), so it holds on a busy machine
// where req/s does not.
// Run: npm run bench -- mix                     (SQLite: mix at 2,000 users, routes at 200 / 2,000 / 20,000)
//      node bench/mix.mjs --users 2000 --seconds 20 --route-sizes none --pg --cpu-prof --no-write
// Flags: --users N[,N…] sizes of the mix; --route-sizes N,N|none; --seconds S (mix); --connections C (25);
//        --burst R (requests per route and size); --pg or MIX_PG=1 (PostgreSQL too); --pg-only; --cpu-prof (one
//        profiled SQLite mix at the first size); --no-write (print only, leave docs/performance.md alone).
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { tsImport } from 'tsx/esm/api';
import { BENCH_SECRET, cpuMs, machine, option, percentile, rssMb, startBenchApp, startForked, stopApp, treeCpuMs as pgCpuMs, writeSection } from './lib.mjs';
import { emptySchema, startPgServer, stopPgServer } from './pg.mjs';

const { openDb, migrateToLatest, growWorld, emptyWorld, sql, PER_USER, ITEMS_AT_PROBE } = await tsImport('./seed.ts', import.meta.url);
const { drive, mixAction, mainRoutes, sessionMinter, ACTIONS } = await tsImport('./mix-load.ts', import.meta.url);
const { summariseProfile } = await tsImport('./cpu-profile.ts', import.meta.url);

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const sizes = (text) => (text === 'none' ? [] : text.split(',').map((s) => Number(s.replace(/[_,]/g, ''))));
const MIX_SIZES = sizes(option('users', '2000'));
const ROUTE_SIZES = sizes(option('route-sizes', '200,2000,20000'));
const SECONDS = Number(option('seconds', '30'));
const CONNECTIONS = Number(option('connections', '25'));
const BURST = Number(option('burst', '1500'));
const PG_PORT = Number(option('pg-port', '25603'));
const ENGINES = flag('pg-only') ? ['pg'] : flag('pg') || process.env.MIX_PG === '1' ? ['sqlite', 'pg'] : ['sqlite'];
const APP_PORT = 3960;

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

/** A server's CPU per request for `seconds` of GETs on `/` at CONNECTIONS (the baselines). */
async function baseline(script) {
  const server = await startForked(script);
  try {
    const url = `http://127.0.0.1:${server.port}`;
    await drive({ url, connections: CONNECTIONS, seconds: 2, next: () => ({ requests: [{ route: '/', path: '/' }] }) });
    const before = cpuMs(server.child.pid);
    const r = await drive({ url, connections: CONNECTIONS, seconds: 6, next: () => ({ requests: [{ route: '/', path: '/' }] }) });
    const cpu = cpuMs(server.child.pid) - before;
    // The same with a new TCP connection per request (accept, close): what a request costs without keep-alive.
    const fresh0 = cpuMs(server.child.pid);
    const f = await drive({ url, connections: CONNECTIONS, seconds: 4, fresh: true, next: () => ({ requests: [{ route: '/', path: '/' }] }) });
    const freshCpuMs = (cpuMs(server.child.pid) - fresh0) / f.total;
    return { rps: r.total / r.seconds, cpuMs: cpu / r.total, freshCpuMs, ...stats(r.latencies) };
  } finally {
    server.child.kill();
  }
}

/** The mix for `seconds` after a short warm-up: throughput, latency, CPU per request, RSS. */
async function runMix(app, world, cookie, jpeg, pgPid, seconds) {
  const url = app.url;
  const rssStart = rssMb(app.child.pid);
  await drive({ url, connections: CONNECTIONS, seconds: 4, next: () => mixAction(world, jpeg), cookie });
  const rssWarm = rssMb(app.child.pid);
  const cpu0 = cpuMs(app.child.pid);
  const pg0 = pgPid ? pgCpuMs(pgPid) : 0;
  const r = await drive({ url, connections: CONNECTIONS, seconds, next: () => mixAction(world, jpeg), cookie });
  const cpu = cpuMs(app.child.pid) - cpu0;
  const pgCpu = pgPid ? pgCpuMs(pgPid) - pg0 : 0;
  const routes = [...r.byRoute].map(([route, o]) => ({ route, n: o.times.length, bad: o.bad, ...stats(o.times) })).sort((a, b) => b.n - a.n);
  const row = {
    rps: r.total / r.seconds,
    total: r.total,
    actions: r.actions,
    ...stats(r.latencies),
    cpuMs: cpu / r.total,
    pgCpuMs: pgCpu / r.total,
    rssStart,
    rssWarm,
    rssEnd: rssMb(app.child.pid),
    non2xx: r.non2xx,
    errors: r.errors,
    samples: r.samples,
    routes,
  };
  console.log(
    `  mix: ${Math.round(row.rps)} req/s, p50 ${row.p50.toFixed(1)} / p95 ${row.p95.toFixed(1)} / p99 ${row.p99.toFixed(1)} ms, CPU ${row.cpuMs.toFixed(2)} ms/req${pgPid ? ` (+ PostgreSQL ${row.pgCpuMs.toFixed(2)})` : ''}, RSS ${rssStart} → ${row.rssWarm} → ${row.rssEnd} MB, ${row.total} requests, non-2xx ${row.non2xx}, errors ${row.errors}`,
  );
  for (const s of r.samples) console.log(`    ${s}`);
  return row;
}

/** Each main route alone: BURST requests at 10 connections after 100 for warm-up; the server's CPU per request. */
async function runRoutes(app, world, cookie, pgPid) {
  const out = [];
  for (const [name, next] of mainRoutes(world)) {
    await drive({ url: app.url, connections: 10, count: 200, next, cookie });
    const cpu0 = cpuMs(app.child.pid);
    const pg0 = pgPid ? pgCpuMs(pgPid) : 0;
    const r = await drive({ url: app.url, connections: 10, count: BURST, next, cookie });
    const row = {
      name,
      cpuMs: (cpuMs(app.child.pid) - cpu0) / r.total,
      pgCpuMs: pgPid ? (pgCpuMs(pgPid) - pg0) / r.total : 0,
      ...stats(r.latencies),
      bad: r.non2xx + r.errors,
    };
    console.log(
      `  ${name}: CPU ${row.cpuMs.toFixed(2)} ms/req${pgPid ? ` + PG ${row.pgCpuMs.toFixed(2)}` : ''}, p50 ${row.p50.toFixed(1)} ms${row.bad ? `, ${row.bad} failed: ${r.samples[0]}` : ''}`,
    );
    out.push(row);
  }
  return out;
}

async function runEngine(engine, jpeg) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-mix-'));
  const pgServer = engine === 'pg' ? startPgServer(PG_PORT) : undefined;
  const [databaseUrl, pgPid] = [pgServer?.url, pgServer?.pid];
  const handle = openDb({ databaseUrl, dataDir });
  const result = { engine, seeds: [], mixes: [], routes: [] };
  try {
    if (engine === 'pg') await emptySchema(handle.db, sql);
    await migrateToLatest(handle.db);
    const world = emptyWorld();
    const cookie = sessionMinter(BENCH_SECRET);
    for (const size of [...new Set([...MIX_SIZES, ...ROUTE_SIZES])].sort((a, b) => a - b)) {
      const t0 = Date.now();
      await growWorld(handle.db, world, size);
      // PostgreSQL's autovacuum would gather statistics on its own after a while; the bench does not wait for it.
      if (engine === 'pg') await sql`analyze`.execute(handle.db);
      const seed = { size, ms: Date.now() - t0, rows: world.rows };
      result.seeds.push(seed);
      console.log(`${engine}: ${size} users, ${world.rows.toLocaleString('en')} rows (seeded in ${(seed.ms / 1000).toFixed(1)} s)`);
      const env = { BRIGHTSKY_URL: 'http://127.0.0.1:9', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
      const app = await startBenchApp(APP_PORT, dataDir, env);
      try {
        // The mix first, so its RSS is the fresh server's; the routes alone after it.
        if (MIX_SIZES.includes(size)) {
          const mix = await runMix(app, world, cookie, jpeg, pgPid, SECONDS);
          result.mixes.push({
            size,
            rows: world.rows,
            ...mix,
            hello: await baseline('bench/servers/express-hello.mjs'),
            bare: await baseline('bench/servers/bare-http.mjs'),
          });
          const { hello, bare } = result.mixes.at(-1);
          console.log(
            `  Express hello: ${Math.round(hello.rps)} req/s, CPU ${hello.cpuMs.toFixed(3)} ms/req (a new connection per request: ${hello.freshCpuMs.toFixed(3)}); bare node:http: CPU ${bare.cpuMs.toFixed(3)} ms/req`,
          );
        }
        if (ROUTE_SIZES.includes(size)) {
          // A fresh server's first requests pay for JIT and caches: warm it with the mix where the mix did not run.
          if (!MIX_SIZES.includes(size)) await drive({ url: app.url, connections: CONNECTIONS, seconds: 5, next: () => mixAction(world, jpeg), cookie });
          result.routes.push({ size, rows: await runRoutes(app, world, cookie, pgPid) });
        }
      } finally {
        await stopApp(app);
      }
      if (engine === 'sqlite' && flag('cpu-prof') && size === MIX_SIZES[0]) result.profile = await profiledMix(dataDir, world, cookie, jpeg, size);
    }
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (engine === 'pg') stopPgServer(PG_PORT);
  }
  return result;
}

/** One more mix with the server under --cpu-prof; the profile summed by where the time went (bench/cpu-profile.ts). */
async function profiledMix(dataDir, world, cookie, jpeg, size) {
  const dir = 'test-artifacts/mix-profile';
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const app = await startBenchApp(APP_PORT, dataDir, {
    BRIGHTSKY_URL: 'http://127.0.0.1:9',
    NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}`,
  });
  try {
    console.log(`sqlite: profiled mix at ${size} users`);
    await runMix(app, world, cookie, jpeg, undefined, Math.min(SECONDS, 20));
  } finally {
    await stopApp(app);
  }
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no .cpuprofile written');
  const summary = summariseProfile(join(dir, file));
  for (const b of summary.buckets.slice(0, 14)) console.log(`  ${(b.share * 100).toFixed(1).padStart(5)} %  ${b.bucket}`);
  return { size, file: join(dir, file), ...summary };
}

const jpeg = await photo();
console.log(`photo: ${Math.round(jpeg.length / 1024)} KB`);
const results = [];
for (const engine of ENGINES) results.push(await runEngine(engine, jpeg));
const load = loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ');
console.log(`load average (1/5/15 min): ${load}`);

if (!flag('no-write')) writeSection('mix', report(results, load));

function report(results, load) {
  const f = (n, d = 2) => n.toFixed(d);
  const name = (e) => (e === 'pg' ? 'PostgreSQL' : 'SQLite');
  const met = (ok) => (ok ? 'met' : '**NOT met**');
  const lines = [];
  const perUser = Math.round(results[0]?.seeds.at(-1) ? results[0].seeds.at(-1).rows / results[0].seeds.at(-1).size : 0);
  lines.push(`## A realistic mix (\`bench/mix.mjs\`, issue 34)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; load average (1/5/15 min) at the end **${load}** on
${cpus().length} cores (other helpers' test runs shared the machine: the CPU per request is the number to read, req/s and
latency move with the load). Built server (\`dist/server.js\`), \`LOG_LEVEL=warn\`, no jobs, rate limits off. The load
generator runs on the same 2 cores.

**Data.** Every user has the same own data (about ${perUser} rows): ${PER_USER.dogs} dogs on average, per dog
${PER_USER.diaryPerDog} diary entries (two photos' media rows on every third), ${PER_USER.weightsPerDog} weights,
${PER_USER.vaccinationsPerDog} vaccinations, ${PER_USER.vetVisitsPerDog} vet visits, ${PER_USER.findingsPerDog} findings, a practice and
${PER_USER.routinesPerDog} care routines; ${PER_USER.friends} friends, ${PER_USER.conversations} conversations of 8 messages with
friends, ${PER_USER.notifications} notifications (4 unread), forum posts (every fifth user opened a thread) and
${PER_USER.mapItems} map items of the eight kinds near home (homes half around six cities, half anywhere in Germany).
Seeded directly (\`bench/seed.ts\`: the project's migrations, kysely inserts, no argon2); sessions are minted JWTs
signed like the app's. Seeding: ${results
    .flatMap((r) =>
      r.seeds.map((s) => `${name(r.engine)} ${s.size.toLocaleString('en')} users ${f(s.ms / 1000, 1)} s (${s.rows.toLocaleString('en')} rows in all)`),
    )
    .join('; ')}.

**The mix.** ${CONNECTIONS} keep-alive connections; each takes a random user per action and sends that action's
requests one after another: ${ACTIONS.map(([n, w]) => `${n} ${w}`).join(', ')} (per 1,000 actions; the dashboard is
\`/api/auth/me\` + \`/api/welcome-dashboard\` + \`/api/notifications/unread-count\`, the health tab its 9 requests,
"nearby" the eight kinds' lists at 10 km around the user's home, the photo a ${Math.round(jpeg.length / 1024)} KB JPEG).
${SECONDS} s after 4 s of warm-up. CPU: the server's user + system time over the run (/proc) ÷ requests; on
PostgreSQL the cluster's processes apart. The Express 5 hello world and a bare \`node:http\` server (fixed JSON) are
driven by the same client at the same ${CONNECTIONS} connections right after the mix.
`);
  const mixes = results.flatMap((r) => r.mixes.map((m) => ({ engine: r.engine, ...m })));
  if (mixes.length) {
    lines.push(`| engine | users (rows) | req/s | p50 ms | p95 ms | p99 ms | app CPU ms/req | PostgreSQL CPU ms/req | Express hello CPU ms/req (new connection each) | app ÷ hello | bare node:http CPU ms/req | RSS start → warm → end MB | requests | non-2xx |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${mixes
  .map(
    (m) =>
      `| ${name(m.engine)} | ${m.size.toLocaleString('en')} (${m.rows.toLocaleString('en')}) | ${Math.round(m.rps)} | ${f(m.p50, 1)} | ${f(m.p95, 1)} | ${f(m.p99, 1)} | ${f(m.cpuMs)} | ${m.engine === 'pg' ? f(m.pgCpuMs) : '–'} | ${f(m.hello.cpuMs, 3)} (${f(m.hello.freshCpuMs, 3)}) | **${f(m.cpuMs / m.hello.cpuMs, 1)} ×** | ${f(m.bare.cpuMs, 3)} | ${m.rssStart} → ${m.rssWarm} → ${m.rssEnd} | ${m.total.toLocaleString('en')} | ${m.non2xx + m.errors} |`,
  )
  .join('\n')}
`);
    for (const m of mixes) {
      const slow = m.routes
        .filter((r) => r.n >= 20)
        .sort((a, b) => b.p50 - a.p50)
        .slice(0, 5)
        .map((r) => `\`${r.route}\` p50 ${f(r.p50, 1)} / p99 ${f(r.p99, 1)} ms`)
        .join(', ');
      lines.push(`- ${name(m.engine)}, ${m.size.toLocaleString('en')} users: slowest routes of the mix by p50: ${slow}.`);
    }
  }
  const routes = results.filter((r) => r.routes.length);
  for (const r of routes) {
    const small = r.routes[0];
    const large = r.routes.at(-1);
    lines.push(`
**Each main route alone, ${name(r.engine)}** (the server warmed by the mix first, then ${BURST} requests at 10 connections after 200 for warm-up; users among the
first 190, so their own data is the same at every size; the nearby lists at three fixed places with ${ITEMS_AT_PROBE} items of
each kind within 8 km and none of the users' items within 25 km). Server CPU ms per request${r.engine === 'pg' ? ' (app + PostgreSQL)' : ''}:

| route | ${r.routes.map((s) => `${s.size.toLocaleString('en')} users`).join(' | ')} | ${large.size.toLocaleString('en')} ÷ ${small.size.toLocaleString('en')} |
|---|${r.routes.map(() => '---|').join('')}---|
${small.rows
  .map((row, i) => {
    const cell = (s) => s.rows[i].cpuMs + s.rows[i].pgCpuMs;
    const ratio = cell(large) / cell(small);
    return `| \`${row.name}\` | ${r.routes.map((s) => f(cell(s))).join(' | ')} | ${ratio > 1.5 ? `**${f(ratio, 1)} ×**` : `${f(ratio, 1)} ×`} |`;
  })
  .join('\n')}
`);
  }
  const targets = [];
  for (const m of mixes) {
    const limit = m.engine === 'pg' ? 4 : 2.5;
    const appCpu = m.cpuMs;
    targets.push(
      `- ${name(m.engine)} ${m.size.toLocaleString('en')} users: CPU per mix request ≤ ${limit} × Express hello: ${f(appCpu / m.hello.cpuMs, 1)} × — ${met(appCpu / m.hello.cpuMs <= limit)}.`,
    );
    targets.push(
      `- ${name(m.engine)} ${m.size.toLocaleString('en')} users: p99 < 100 ms at ${CONNECTIONS} connections: ${f(m.p99, 1)} ms — ${met(m.p99 < 100)} (load average ${load}).`,
    );
    if (m.engine === 'sqlite' && m.size === 2000)
      targets.push(`- RSS at the end of the 2,000-user mix with uploads < 200 MB: ${m.rssEnd} MB — ${met(m.rssEnd < 200)}.`);
  }
  for (const r of routes) {
    const small = r.routes[0];
    const large = r.routes.at(-1);
    if (small === large) continue;
    const over = small.rows
      .map((row, i) => ({ name: row.name, ratio: (large.rows[i].cpuMs + large.rows[i].pgCpuMs) / (row.cpuMs + row.pgCpuMs) }))
      .filter((x) => x.ratio > 1.5);
    targets.push(
      `- ${name(r.engine)}: every main route's CPU per request at ${large.size.toLocaleString('en')} users within 1.5 × of ${small.size.toLocaleString('en')}: ${
        over.length ? `${met(false)}: ${over.map((x) => `\`${x.name}\` ${f(x.ratio, 1)} ×`).join(', ')}` : met(true)
      }.`,
    );
  }
  lines.push(`\n**The issue's targets** (as ratios in this run):\n\n${targets.join('\n')}`);
  const hello = mixes[0]?.hello;
  if (hello)
    lines.push(`
The issue's baseline of 0.38 ms CPU for an Express hello request does not reproduce here: over keep-alive
connections it costs ${f(hello.cpuMs, 3)} ms (as in \`bench/auth.mjs\`), and ${f(hello.freshCpuMs, 3)} ms with a new connection per
request. Against this baseline the CPU ratio cannot come near 2.5 ×; the absolute CPU per mix request (issue: 1.84 ms
on SQLite, 3.2 + 2.8 ms on PostgreSQL) is the number to follow from run to run.`);
  const profile = results.find((r) => r.profile)?.profile;
  if (profile)
    lines.push(`
**Where the time goes** (one more SQLite mix at ${profile.size.toLocaleString('en')} users with the server under \`--cpu-prof\`,
self time summed by \`bench/cpu-profile.ts\`; the bundle mapped back to \`src/\` by its source map; ${Math.round(profile.totalMs).toLocaleString('en')} ms busy):

| where | share of busy time |
|---|---|
${profile.buckets
  .filter((b) => b.share >= 0.005)
  .map((b) => `| ${b.bucket} | ${f(b.share * 100, 1)} % |`)
  .join('\n')}
`);
  return lines.join('\n');
}
