// Foundation benchmark (issue 2): GET /api/auth/me with a valid session, GET /api/version and a failed login,
// measured against a bare node:http server and an Express 5 hello world started in the same run.
// Run: npm run build && node bench/auth.mjs   (takes about two minutes; writes docs/performance.md)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, cpuMs, load, machine, rssMb, registerUser, startBenchApp, startForked, writeSection } from './lib.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-'));
const results = {};
/** A load row with the server's CPU per request (µs). */
async function measured(name, pid, options) {
  const before = cpuMs(pid);
  const row = await load(name, options);
  row.cpuUs = Math.round(((cpuMs(pid) - before) * 1000) / Math.max(1, row.total));
  return row;
}
const procs = [];
/** Median of a list of numbers. */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/**
 * The rows that are compared with each other run in turns, ROUNDS times, and each reports its median: on a shared
 * machine the load moves between one row and the next, and taking turns spreads it over all of them.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
async function inTurns(rows) {
  const runs = new Map(rows.map((r) => [r.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? [...rows].reverse() : rows;
    for (const r of order) runs.get(r.name).push(await measured(r.name, r.pid, { duration: 5, ...r.options }));
  }
  const out = {};
  for (const r of rows) {
    const all = runs.get(r.name);
    out[r.key] = {
      name: r.name,
      rps: median(all.map((x) => x.rps)),
      p50: median(all.map((x) => x.p50)),
      p99: median(all.map((x) => x.p99)),
      cpuUs: median(all.map((x) => x.cpuUs)),
      total: all.reduce((n, x) => n + x.total, 0),
    };
  }
  return out;
}
/** Anonymous memory (heap, malloc) apart from the file-backed pages (the node binary, libraries), which processes share. */
const anonMb = (pid) => Math.round(Number(/^Anonymous:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0) / 1024);
try {
  const bare = await startForked('bench/servers/bare-http.mjs');
  procs.push(bare.child);
  const hello = await startForked('bench/servers/express-hello.mjs');
  procs.push(hello.child);
  const app = await startBenchApp(3999, dataDir);
  procs.push(app.child);
  const cookie = await registerUser(app.url, 'bench@example.de');
  // The other rows (29): a diary list (a dog's first page of 20 entries) and a server-rendered breed page.
  const dog = await api(app.url, cookie, 'POST', '/api/dogs', { name: 'Bello', breed: 'Labrador' });
  for (let day = 1; day <= 20; day++) {
    const date = `2026-11-${String(day).padStart(2, '0')}`;
    await api(app.url, cookie, 'POST', `/api/dogs/${dog.id}/diary`, { date, title: `Spaziergang ${day}`, text: 'Im Park, mit Stöckchen.' });
  }
  const breedSlug = 'german-shepherd'; // a breed with a full page (FCI data, traits, sources)
  const rssStart = rssMb(app.child.pid);
  // The memory measure (29): RSS after 200,000 session requests; it doubles as the warm-up (JIT, caches), so
  // the first measured row is not the cold one.
  const first = await load('GET /api/auth/me × 200,000', { url: `${app.url}/api/auth/me`, headers: { cookie }, amount: 200_000 });
  const rss200k = rssMb(app.child.pid);
  await load('warm-up', { url: `http://127.0.0.1:${hello.port}/`, duration: 2 });

  Object.assign(
    results,
    await inTurns([
      { key: 'bare', name: 'bare node:http', pid: bare.child.pid, options: { url: `http://127.0.0.1:${bare.port}/` } },
      { key: 'hello', name: 'Express 5 hello world', pid: hello.child.pid, options: { url: `http://127.0.0.1:${hello.port}/` } },
      { key: 'me', name: 'GET /api/auth/me', pid: app.child.pid, options: { url: `${app.url}/api/auth/me`, headers: { cookie } } },
      { key: 'version', name: 'GET /api/version', pid: app.child.pid, options: { url: `${app.url}/api/version` } },
      {
        key: 'diary',
        name: 'GET /api/dogs/:id/diary (20 entries)',
        pid: app.child.pid,
        options: { url: `${app.url}/api/dogs/${dog.id}/diary`, headers: { cookie } },
      },
      { key: 'breed', name: `GET /rassen/${breedSlug} (page)`, pid: app.child.pid, options: { url: `${app.url}/rassen/${breedSlug}` } },
    ]),
  );
  bare.child.kill();
  hello.child.kill();
  let n = 0;
  results.login = await measured('POST /api/auth/login (wrong password)', app.child.pid, {
    url: `${app.url}/api/auth/login`,
    connections: 10,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // A new email each time: the per-account lockout would otherwise answer 429 without hashing.
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ email: `nobody${n++}@example.de`, password: 'falsch-falsch' }) }),
      },
    ],
  });
  const soak = await load('GET /api/auth/me × 100,000', { url: `${app.url}/api/auth/me`, headers: { cookie }, amount: 100_000 });
  const rssEnd = rssMb(app.child.pid);
  const anonEnd = anonMb(app.child.pid);
  const pct = (a, b) => `${Math.round((a / b) * 1000) / 10} %`;
  const row = (r) => `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${pct(r.rps, results.hello.rps)} | ${pct(r.rps, results.bare.rps)} | ${r.cpuUs} |`;
  const meVsHello = results.me.rps / results.hello.rps;
  writeSection(
    'foundation',
    `## Foundation: sessions and system endpoints (\`bench/auth.mjs\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} at the end. autocannon in the same process tree as the servers (it competes for the 2 cores, equally
for every row), 50 connections. All rows but the failed login take turns, ${ROUNDS} rounds of 5 s each, and each shows its median
(the load of a shared machine moves between one row and the next); the failed login runs 10 s at 10 connections.
App: built server (\`dist/server.js\`) started with \`npm start\`'s Node flags, SQLite, \`LOG_LEVEL=warn\`, rate
limits off so the handlers themselves are measured, argon2id at its production cost (19 MiB, t=2).

| route | req/s | p50 ms | p99 ms | vs Express hello | vs bare node:http | server CPU µs per request |
|---|---|---|---|---|---|---|
| bare node:http (fixed JSON) | ${results.bare.rps} | ${results.bare.p50} | ${results.bare.p99} | ${pct(results.bare.rps, results.hello.rps)} | 100 % | ${results.bare.cpuUs} |
| Express 5 hello world (fixed JSON) | ${results.hello.rps} | ${results.hello.p50} | ${results.hello.p99} | 100 % | ${pct(results.hello.rps, results.bare.rps)} | ${results.hello.cpuUs} |
${row(results.me)}
${row(results.version)}
${row(results.diary)}
${row(results.breed)}
${row(results.login)}

- Target \`GET /api/auth/me\` ≥ 75 % of the Express hello world: **${pct(results.me.rps, results.hello.rps)}** — ${meVsHello >= 0.75 ? 'met' : 'NOT met'}.
- RSS of the app (target < 150 MB after start and after 200,000 requests): **${rssStart} MB after start, ${rss200k} MB after ${first.total.toLocaleString('en')} requests** — ${rssStart < 150 && rss200k < 150 ? 'met' : 'NOT met'}; ${rssEnd} MB at the end of the bench, after ${(first.total + soak.total + results.me.total + results.version.total + results.diary.total + results.breed.total + results.login.total).toLocaleString('en')} requests, of it ${anonEnd} MB anonymous memory (V8's heap, malloc), the rest file-backed pages (the node binary and its libraries, shared between processes).
- Server CPU per request (the servers' own user + system time over the row, /proc): \`GET /api/auth/me\` needs
  ${(results.me.cpuUs / results.hello.cpuUs).toFixed(2)} × the Express hello world's. The throughput ratio is not the CPU ratio's inverse: autocannon
  shares the 2 cores and pays for the app's larger answers (security headers, the user JSON).
- Where \`/api/auth/me\`'s time went (CPU and allocation profiles) and what was cut. Before issue 29 (76 µs a request):
  an accessor defined on every request object (\`req.log\`: V8 then treats the request as a dictionary, ~15 µs),
  Express trying ~300 routes in turn for a late one (the route table now answers from a bucket of the routes whose
  static start can match), helmet's eleven middlewares (its headers are worked out once), and the HMAC of the
  session token on every request (a verified token is remembered; expiry is still checked each time). Then (52 → 34 µs
  in an A/B run of the two builds): the \`compression\` middleware wrapped \`write\`, \`end\` and \`writeHead\` of every
  response, the small ones too; answers are now compressed where they are sent whole (\`res.send\`,
  core/http/compression.ts). And every router layer costs a path match, closures and about 500 bytes of garbage: the
  eight global middlewares and each route's guards now run as one layer each (platform/http/series.ts); garbage per
  request 33 → 27 KB. Then (33 → 29 µs in an A/B run): a JSON answer under 1 KB is counted in bytes instead of
  guessed at three bytes a character, so the session's 450 characters are ended directly with the head instead of
  going through \`send\` and compression's checks (platform/http/json-answer.ts). Then (25.8 → 23.1 µs in two A/B runs
  of the builds, 71.8 → 78.2 % of the hello world in the first): JSON answers carry a Content-Security-Policy of
  their own, \`default-src 'none'; frame-ancestors 'none'\`, stricter than the pages' and 430 bytes shorter, chosen
  when the head is written (platform/http/csp-at-head.ts; pages, files and HTML under /api keep the pages' policy); a
  remembered session and a handler that answers at once no longer pay for promises and a microtask turn (the session
  middleware and the route's last step are not async); header lookups use lower-case names (Node lower-cases every
  other name anew); freshness is checked only for a conditional request; the security headers are walked as one flat
  list; the route's bucket is cut out of the path without split or joined strings; a verified token is found by
  its signature (43 characters to hash instead of ~240; the whole token must still be equal). What is left beside
  Express itself, measured as self time per request in CPU profiles of both servers under the same load: the socket
  write (20.7 µs, the hello world's 17.9: the answer is 1.1 KB against 0.2 KB), the user's JSON (1.2 µs), thirteen
  security headers more than the hello world sets (Node validates and stores each; a hello world with them costs
  2.3 µs more), the session checks (token, account: 0.7 µs), the request id and the ETag of the larger answer. No
  security header or check is dropped.
- Memory: V8 sizes its young generation by the machine's memory; on this 24 GiB box it grew to 134 MB under
  50 connections, and the old generation was allowed to double before a full collection, while the heap in use after
  one stays about 37 MB. \`npm start\` (scripts/start.sh) therefore runs Node with \`--max-semi-space-size=4\` and
  \`--heap-growing-percent=30\` (cluster workers inherit them; docs/operations.md "Memory"), without
  \`--enable-source-maps\` (its parsed map of the bundle is about 20 MB of heap; \`npm run cli -- stack\` maps a logged
  trace), and glibc's malloc settings (two arenas, 128 KiB mmap and trim thresholds). In steps: RSS after 200,000
  requests 385 → about 195 MB (semi-space 16, heap growth 30 %), then 171–175 → 134–148 MB after start and
  183 → 142–163 MB after 200,000 requests (semi-space 4 MB, no source maps, the thresholds; 3 runs each), with the
  same CPU per request in an A/B run (33 against 34 µs). Then V8's heap after start 40.7 → 35.6 MB (heap snapshots):
  the routes' response tables keyed by status (200, 401, 404: array indices to V8, so each object filled key by key
  got a fast array of about 600 slots, 5 KB; core/http/route/status-table.ts keeps them as small dictionaries, about 3 MB
  over all routes), web-push, qrcode, exifr and yazl loaded on first use (about 2 MB), and the bundle's source kept as
  a one-byte string (a few comments with characters beyond Latin-1 made V8 store its ~1 MB as two bytes a
  character; test/core/start-memory.test.ts guards both). RSS after start 134–142 → 123–125 MB. Then the old generation stopped growing under load: it grew by about 2.3 MB every 100 scavenges, though scavenges promoted almost nothing. A sampling heap profile of what full collections free (\`includeObjectsCollectedByMajorGC\`) put 22 of 37 MB on one line, the server's Set of answers in flight: adding to and deleting from a long-lived Set makes V8 rebuild its hash table every few dozen requests, in the old generation. Each connection now keeps only its newest answer (platform/http/listen.ts); the same pattern in the LRU caches (delete and set again on every hit) gave way to core/recency-map.ts. Old generation flat at 39.6 MB over 200,000 requests; RSS after them 143–158 → 135–149 MB (3 runs each). Not taken: \`--optimize-for-size\` (−10 to −20 MB, but
  +20 % CPU per request), a semi-space of 2 MB (no steady gain, more CPU in some runs), a hard
  \`--max-old-space-size\` (turns a large export into a crash; 128 MB cost 8 × the CPU). About 54 MB of the RSS are
  pages of the node binary itself (its code, builtins and ICU data, file-backed and shared between processes).
- The failed login is slow by design: every attempt verifies an argon2id hash (a dummy one for unknown emails, so
  the answer time does not reveal whether an account exists).`,
  );
} finally {
  for (const p of procs) p.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
