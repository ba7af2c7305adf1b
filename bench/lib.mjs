// Shared helpers for the benchmark scripts: start servers as child processes, drive them with autocannon or timed
// GETs, read their memory, and write a section of docs/performance.md.
import { fork, spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, totalmem } from 'node:os';
import autocannon from 'autocannon';

export function startForked(script, env = {}) {
  return new Promise((resolve, reject) => {
    const child = fork(script, [], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    child.once('message', (m) => resolve({ child, port: m.port }));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

const START_SCRIPT = readFileSync('scripts/start.sh', 'utf8');

/**
 * The Node flags `npm start` gives the server (scripts/start.sh: the young generation's cap and the heap's growth,
 * docs/operations.md "Memory"), so every benchmark measures the app as it runs. BENCH_NODE_FLAGS replaces them for an
 * experiment ("--max-semi-space-size=8").
 */
export const START_FLAGS = (process.env.BENCH_NODE_FLAGS ?? /^exec "\$NODE" ((?:--\S+ )*)dist\/server\.js/m.exec(START_SCRIPT)[1])
  .trim()
  .split(' ')
  .filter(Boolean);

/** glibc's malloc settings scripts/start.sh exports, with its defaults (`startApp` sets them the same way). */
export const START_ENV = Object.fromEntries([...START_SCRIPT.matchAll(/^export (\w+)="\$\{\w+:-(\w+)\}"$/gm)].map((m) => [m[1], m[2]]));

/** Waits until the server `child` answers /api/health at `url` (`tries` × 100 ms), else ends it. */
async function healthy(child, url, tries) {
  for (let i = 0; i < tries; i++) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return { child, url };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('app did not start');
}

/**
 * Starts the built app (dist/server.js; BENCH_SERVER for an experiment with another bundle) as `npm start` does and
 * waits until /api/health answers.
 */
export async function startApp(env) {
  const child = spawn(process.execPath, [...START_FLAGS, process.env.BENCH_SERVER ?? 'dist/server.js'], {
    env: { ...START_ENV, ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return healthy(child, `http://127.0.0.1:${env.PORT}`, 200);
}

/** Ends a server started here with SIGTERM and waits until it has exited. */
export async function stopApp(app) {
  const exited = new Promise((resolve) => app.child.once('exit', resolve));
  app.child.kill('SIGTERM');
  await exited;
}

export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export async function load(name, options) {
  // `amount` (a request count) replaces the default 10-second duration.
  const base = options.amount ? { connections: 50 } : { connections: 50, duration: 10 };
  const result = await autocannon({ ...base, ...options });
  const row = {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
  console.log(`${name}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.total} requests, non-2xx ${row.non2xx}`);
  return row;
}

export function machine() {
  return `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

/** Replaces (or appends) the section between `<!-- bench:KEY -->` markers in docs/performance.md. */
export function writeSection(key, markdown) {
  const file = 'docs/performance.md';
  const start = `<!-- bench:${key} -->`;
  const end = `<!-- /bench:${key} -->`;
  let doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n\nBenchmarks are scripts under `bench/`; each writes its own section here.\n';
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  doc = i >= 0 && j > i ? doc.slice(0, i) + block + doc.slice(j + end.length) : `${doc.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, doc);
}

/** The JWT secret of every benchmark's server (bench/mix-load.ts mints sessions with it). */
export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

/** The settings every benchmark's server runs with: no jobs, no rate limits, a fixed JWT secret, no geocoder. */
const benchEnv = (port) => ({
  NODE_ENV: 'development',
  PORT: String(port),
  LOG_LEVEL: 'warn',
  JOBS_ENABLED: 'false',
  RATE_LIMITS_ENABLED: 'false',
  JWT_SECRET: BENCH_SECRET,
  // Benchmarks never reach the public geocoder.
  NOMINATIM_URL: '',
});

/**
 * The built app as every benchmark runs it: development mode on `port` with its data in `dataDir`, no jobs, no
 * rate limits (the handlers are measured, not the 429 fast path), a fixed JWT secret; `env` adds or overrides.
 */
export function startBenchApp(port, dataDir, env = {}) {
  return startApp({ ...benchEnv(port), DATA_DIR: dataDir, ...env });
}

/**
 * A server bundle a benchmark built itself (`script`, not dist/server.js: an A/B of builds) with the benchmark
 * settings on `port`, the start flags of `npm start` but not its MALLOC_ARENA_MAX; `env` adds DATA_DIR and the rest.
 */
export function startBundle(script, port, env, tries = 200) {
  const child = spawn(process.execPath, [...START_FLAGS, script], {
    env: { ...process.env, ...benchEnv(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return healthy(child, `http://127.0.0.1:${port}`, tries);
}

/** Bundles the server as scripts/build.mjs does (esbuild, ESM, packages external) into `outdir`. */
export async function bundleServer({ entryPoints = ['src/server.ts'], outdir, sourcemap = true, plugins = [] }) {
  const { build } = await import('esbuild');
  await build({
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap,
    logLevel: 'warning',
    plugins,
  });
}

/** `--name value` from the command line, or `fallback`. */
export function option(name, fallback) {
  const argv = process.argv.slice(2);
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
}

/** CPU time (user + system, ms) of a process and all its threads, ended ones included, from /proc (10 ms ticks). */
export function cpuMs(pid) {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

/** A process's own time on the CPU in ms, in nanoseconds' precision (/proc/PID/schedstat; its main thread only). */
export const schedMs = (pid) => Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;

/**
 * CPU of a process tree of single-threaded processes such as a PostgreSQL cluster, in ms: the root's and every live
 * process's below it (schedstat: /proc/PID/stat's 10 ms ticks were an error of up to 20 % over a short round summed
 * across ten backends), and the children the root has reaped (its cutime + cstime, in ticks). A process that ends
 * between two samples moves its time from the live sum to the reaped one, so a difference of two samples counts it once.
 */
export function treeCpuMs(root) {
  const f = readFileSync(`/proc/${root}/stat`, 'utf8').split(') ')[1].split(' ');
  let ms = (Number(f[13]) + Number(f[14])) * 10 + schedMs(root);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === root) ms += schedMs(entry);
    } catch {
      // ended meanwhile: its time is in the reaped children's
    }
  }
  return ms;
}

/** The median of numbers; of an even count, the lower of the middle two. */
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** Registers a user through the API and returns its session cookie (`session=…`). */
export async function registerUser(url, email, password = 'bench-passwort') {
  const reg = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, name: 'Bench' }),
  });
  const cookie = reg.headers.get('set-cookie')?.split(';')[0];
  if (reg.status !== 201 || !cookie) throw new Error(`register failed: ${reg.status}`);
  return cookie;
}

/**
 * A staff member's session raised as a person raises it (STAFF_SECOND_FACTOR=required): TOTP set up with the
 * password and confirmed with a code computed here. Returns the raised session cookie (12 hours on the staff routes).
 */
export async function raiseStaff(url, cookie, password = 'bench-passwort') {
  const { generate } = await import('otplib');
  const post = (path, body) => fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
  const setup = await post('/api/me/totp', { password });
  if (setup.status !== 200) throw new Error(`TOTP setup failed: ${setup.status}`);
  const { secret } = await setup.json();
  const confirmed = await post('/api/me/totp/confirm', { code: await generate({ secret }) });
  const raised = confirmed.headers.get('set-cookie')?.split(';')[0];
  if (confirmed.status !== 200 || !raised) throw new Error(`TOTP confirm failed: ${confirmed.status}`);
  return raised;
}

const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });

/** One GET over a kept-alive connection: status, milliseconds and the body. */
export function timedGet(url, cookie, agent = keepAlive) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request(url, { agent, headers: { cookie } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** `runs` timed GETs after 20 for warm-up (statement cache, JIT); every answer must be 200. p50/p95 and the item count. */
export async function measureGet(name, url, cookie, runs = 200) {
  for (let i = 0; i < 20; i++) await timedGet(url, cookie);
  const times = [];
  let items = 0;
  for (let i = 0; i < runs; i++) {
    const r = await timedGet(url, cookie);
    if (r.status !== 200) throw new Error(`${name}: HTTP ${r.status} ${r.body}`);
    times.push(r.ms);
    items = JSON.parse(r.body).items?.length ?? 0;
  }
  times.sort((a, b) => a - b);
  const row = { name, p50: percentile(times, 50), p95: percentile(times, 95), items };
  console.log(`${name}: p50 ${row.p50.toFixed(2)} ms, p95 ${row.p95.toFixed(2)} ms, ${items} items`);
  return row;
}

/** A JSON API call with the session cookie; any status but 2xx throws with the answer. */
export async function api(url, cookie, method, path, body) {
  const res = await fetch(`${url}${path}`, { method, headers: { 'content-type': 'application/json', cookie }, body: body ? JSON.stringify(body) : undefined });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * A 1600×1200 photo with GPS EXIF, so the dashboard shows a real daily photo. Blurred noise: pure noise would
 * not compress at all (a 150 KB preview), real photos compress far better; blurred noise lands in between.
 */
export async function gpsPhoto() {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 1600, height: 1200, channels: 3, noise: { type: 'gaussian', mean: 120, sigma: 60 } } })
    .blur(1.5)
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'Bench' },
      IFD2: { DateTimeOriginal: '2026:11:20 10:15:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 0/1' },
    })
    .toBuffer();
}

/** Inserts `rows` into `table` `size` at a time (a statement's parameters are limited). */
export async function insertInChunks(db, table, rows, size) {
  for (let r = 0; r < rows.length; r += size)
    await db
      .insertInto(table)
      .values(rows.slice(r, r + size))
      .execute();
}

/** `runs` timed calls of `run` after 10 for warm-up, each with JSON.stringify of its answer: p50/p95 ms and the answer's size. */
export async function timeSerialised(run, runs) {
  for (let i = 0; i < 10; i++) await run();
  const times = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    bytes = JSON.stringify(await run()).length;
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), bytes };
}

/**
 * Ways of doing the same (`{ before, after }`, each called with the run's number) timed in turns, `runs` each after
 * 20 for warm-up, so load on the machine hits all alike: per way the sorted wall times, p50 ms, this process's CPU ms
 * per call, and `items`: `count` of its answer, for the caller to check that the ways agree.
 */
export async function alternating(ways, runs, count) {
  const out = {};
  for (const [name, run] of Object.entries(ways)) {
    for (let i = 0; i < 20; i++) await run(i);
    out[name] = { times: [], cpu: 0, items: count(await run(0)) };
  }
  for (let i = 0; i < runs; i++)
    for (const [name, run] of Object.entries(ways)) {
      const cpu0 = process.cpuUsage();
      const t0 = process.hrtime.bigint();
      await run(i);
      out[name].times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      const cpu = process.cpuUsage(cpu0);
      out[name].cpu += (cpu.user + cpu.system) / 1000;
    }
  for (const o of Object.values(out)) {
    o.times.sort((a, b) => a - b);
    o.p50 = percentile(o.times, 50);
    o.cpu /= runs;
  }
  return out;
}
