// Shared helpers for the benchmark scripts: start servers as child processes, drive them with autocannon or timed
// GETs, read their memory, and write a section of docs/performance.md.
import { fork, spawn } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
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

/**
 * The Node flags `npm start` gives the server (package.json: the young generation's cap and the heap's growth,
 * docs/operations.md "Memory"), so every benchmark measures the app as it runs; `startApp` also sets glibc's
 * MALLOC_ARENA_MAX=2 as `npm start` does.
 */
export const START_FLAGS = /node ((?:--\S+ )*)dist\/server\.js/.exec(JSON.parse(readFileSync('package.json', 'utf8')).scripts.start)[1].trim().split(' ').filter(Boolean);

/** Starts the built app (dist/server.js) as `npm start` does and waits until /api/health answers. */
export async function startApp(env) {
  const child = spawn(process.execPath, [...START_FLAGS, 'dist/server.js'], { env: { MALLOC_ARENA_MAX: '2', ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; i < 200; i++) {
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

/**
 * The built app as every benchmark runs it: development mode on `port` with its data in `dataDir`, no jobs, no
 * rate limits (the handlers are measured, not the 429 fast path), a fixed JWT secret; `env` adds or overrides.
 */
export function startBenchApp(port, dataDir, env = {}) {
  return startApp({
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JOBS_ENABLED: 'false',
    RATE_LIMITS_ENABLED: 'false',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    // Benchmarks never reach the public geocoder.
    NOMINATIM_URL: '',
    ...env,
  });
}

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
