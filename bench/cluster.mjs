// Workers benchmark (issue 28): GET /api/auth/me and a diary list with WEB_CONCURRENCY=1 and =2, as a ratio in one run.
// The built server (dist/server.js) on one SQLite file; autocannon in its own process (its CLI, --json), 50
// connections, 5 s per measurement after a 2 s warm-up; the configurations alternate (1, 2, 1, 2, 1, 2) and each keeps its
// best round, so a burst of load from elsewhere on the machine does not decide the ratio.
// Run: npm run build && node bench/cluster.mjs   (about two minutes; writes its section of docs/performance.md)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { machine, registerUser, startBenchApp, writeSection } from './lib.mjs';

const PORT = 3994;
const SECONDS = 5;
const WARM_UP_SECONDS = 2;
const CONNECTIONS = 50;
const ENTRIES = 60;
const ROUNDS = [1, 2, 1, 2, 1, 2];
const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-cluster-'));

/** autocannon's CLI in a child process, so the load generator is not the benchmark script's event loop. */
function autocannon(url, cookie, seconds) {
  return new Promise((resolve, reject) => {
    const args = ['node_modules/autocannon/autocannon.js', '--json', '-c', String(CONNECTIONS), '-d', String(seconds), '-H', `cookie=${cookie}`, url];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon failed (${code}): ${err}`));
      const r = JSON.parse(out);
      resolve({
        rps: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        total: r.requests.total,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
      });
    });
  });
}

/** The primary's children (the workers) from /proc; empty where the kernel does not list them. */
function childrenOf(pid) {
  const file = `/proc/${pid}/task/${pid}/children`;
  return existsSync(file) ? readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean) : [];
}

async function start(workers) {
  const app = await startBenchApp(PORT, dataDir, { WEB_CONCURRENCY: String(workers) });
  if (workers > 1) {
    for (let i = 0; i < 300 && childrenOf(app.child.pid).length < workers; i++) await new Promise((r) => setTimeout(r, 100));
    if (childrenOf(app.child.pid).length !== workers) throw new Error(`expected ${workers} workers, found ${childrenOf(app.child.pid).length}`);
  }
  return app;
}

async function stop(app) {
  const exited = new Promise((resolve) => app.child.once('exit', (code) => resolve(code)));
  app.child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`server exited with ${code} after SIGTERM`);
}

let app;
try {
  // Data once, through the API: one account, one dog, 60 diary entries (the list's first page holds 20).
  app = await start(1);
  const json = { 'content-type': 'application/json' };
  const cookie = await registerUser(app.url, 'cluster@example.de');
  const dogRes = await fetch(`${app.url}/api/dogs`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ name: 'Bello' }) });
  const dog = await dogRes.json();
  if (dogRes.status !== 201) throw new Error(`dog failed: ${dogRes.status} ${JSON.stringify(dog)}`);
  for (let i = 0; i < ENTRIES; i++) {
    const day = new Date(Date.UTC(2026, 10, 21) - i * 86_400_000).toISOString().slice(0, 10);
    const res = await fetch(`${app.url}/api/dogs/${dog.id}/diary`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ date: day, title: `Tag ${i}`, text: 'Heute waren wir lange draußen. '.repeat(6) }),
    });
    if (res.status !== 201) throw new Error(`entry failed: ${res.status} ${await res.text()}`);
  }
  await stop(app);
  app = undefined;

  const routes = [
    { key: 'me', name: 'GET /api/auth/me', path: '/api/auth/me' },
    { key: 'diary', name: `GET /api/dogs/:id/diary (first page of ${ENTRIES})`, path: `/api/dogs/${dog.id}/diary` },
  ];
  const best = { 1: {}, 2: {} };
  const all = { 1: { me: [], diary: [] }, 2: { me: [], diary: [] } };
  const loadBefore = loadavg()[0];
  for (const workers of ROUNDS) {
    app = await start(workers);
    for (const route of routes) {
      await autocannon(`${app.url}${route.path}`, cookie, WARM_UP_SECONDS);
      const r = await autocannon(`${app.url}${route.path}`, cookie, SECONDS);
      console.log(`${workers} worker(s) ${route.name}: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`);
      if (r.non2xx || r.errors) throw new Error(`${route.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      all[workers][route.key].push(r.rps);
      if (!best[workers][route.key] || r.rps > best[workers][route.key].rps) best[workers][route.key] = r;
    }
    await stop(app);
    app = undefined;
  }
  const loadAfter = loadavg()[0];

  const ratio = (key) => (best[2][key].rps / best[1][key].rps).toFixed(2);
  const row = (route) => {
    const [one, two] = [best[1][route.key], best[2][route.key]];
    const spread = (w) => all[w][route.key].join(', ');
    return `| ${route.name} | ${one.rps} (${spread(1)}) | ${one.p99} | ${two.rps} (${spread(2)}) | ${two.p99} | **${ratio(route.key)}** |`;
  };
  writeSection(
    'cluster',
    `## Workers (WEB_CONCURRENCY)

\`bench/cluster.mjs\`, measured ${new Date().toISOString().slice(0, 10)} on ${machine()} (${availableParallelism()} cores). Built server
(\`dist/server.js\`), SQLite (WAL, one file for all workers), \`LOG_LEVEL=warn\`, rate limits off. autocannon runs in
its own process on the same machine, ${CONNECTIONS} connections, ${SECONDS} s per measurement after ${WARM_UP_SECONDS} s of warm-up; the two
configurations alternate (${ROUNDS.join(', ')} workers) and each keeps its best round. The machine was shared with other
work: load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after; the rounds in brackets show how much that moved the figures.

| route | 1 worker req/s (every round) | p99 ms | 2 workers req/s (every round) | p99 ms | 2 / 1 (best rounds) |
|---|---|---|---|---|---|
${routes.map(row).join('\n')}

- Every answer was 2xx. A second worker adds what the second core can give while the load generator shares the
  machine's ${availableParallelism()} cores (with two workers, three busy processes share them), so a ratio of 2 is out of reach here:
  \`GET /api/auth/me\` ${ratio('me')}, the diary page ${ratio('diary')}. The rounds spread widely on this shared machine, and the
  ratios move by several tenths from run to run. Neither is the ceiling of a machine with more cores than workers, or with the clients
  elsewhere (\`bench/instances.mjs\` measures instances behind nginx).
- Each worker has its own session cache (1 s per session) and its own SQLite connection; WAL lets every worker read
  the one file at once, so the diary page needs no lock between workers.
- With \`WEB_CONCURRENCY=1\` (the default) the server does not use node:cluster at all: the 1-worker column is the
  server as it ran before.`,
  );
} finally {
  if (app) app.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}
