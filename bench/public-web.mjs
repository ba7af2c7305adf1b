// Public web benchmark (issue 5): throughput of the breed wiki (cached list, uncached search, breed page, detail)
// against a bare node:http server and an Express 5 hello world in the same run, and a Lighthouse run of `/`,
// `/help` and one breed page against Debian Chromium.
// Run: node bench/public-web.mjs   (about three minutes; builds the server only, writes its section of
// docs/performance.md). Nothing here reaches the internet: AI is not configured, pages load only local files.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { lighthouseReport } from './lighthouse-run.mjs';
import { BENCH_SECRET, bundleServer, load, machine, raiseStaff, startApp, startForked, writeSection } from './lib.mjs';

const LIGHTHOUSE_VERSION = createRequire(import.meta.url)('lighthouse/package.json').version;

const PORT = '3997';
const BREED = 'german-shepherd';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

// Only the server (the client bundle belongs to its own build): the same esbuild step as scripts/build.mjs.
await bundleServer({ entryPoints: ['src/server.ts', 'src/cli.ts'], outdir: 'dist' });

const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-web-'));
const env = {
  NODE_ENV: 'development',
  PORT,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  JOBS_ENABLED: 'false',
  // The wiki limits (60 and 30 per minute per address) would turn every row into 429s after a second.
  RATE_LIMITS_ENABLED: 'false',
  JWT_SECRET: BENCH_SECRET,
  PUBLIC_URL: `http://127.0.0.1:${PORT}`,
  AI_BASE_URL: '',
};
const procs = [];
const loadBefore = loadavg()[0].toFixed(1);
const rows = {};
const lh = {};
try {
  const bare = await startForked('bench/servers/bare-http.mjs');
  procs.push(bare.child);
  rows.bare = await load('bare node:http', { url: `http://127.0.0.1:${bare.port}/` });
  bare.child.kill();

  const hello = await startForked('bench/servers/express-hello.mjs');
  procs.push(hello.child);
  rows.hello = await load('Express 5 hello world', { url: `http://127.0.0.1:${hello.port}/` });
  hello.child.kill();

  const app = await startApp(env);
  procs.push(app.child);
  await seedHelp(app.url);

  rows.list = await load('GET /api/wiki/rassen (cached list)', { url: `${app.url}/api/wiki/rassen` });
  rows.search = await load('GET /api/wiki/rassen?q=schäferhund&size=large (cached search)', {
    url: `${app.url}/api/wiki/rassen?q=sch%C3%A4ferhund&size=large`,
  });
  rows.uncached = await load('GET /api/wiki/rassen?q=<random> (uncached search)', {
    url: `${app.url}/api/wiki/rassen`,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/wiki/rassen?q=${randomTerm()}` }) }],
  });
  rows.detail = await load(`GET /api/wiki/rassen/${BREED}`, { url: `${app.url}/api/wiki/rassen/${BREED}` });
  rows.page = await load(`GET /rassen/${BREED}`, { url: `${app.url}/rassen/${BREED}` });
  rows.landing = await load('GET / (landing)', { url: `${app.url}/` });

  for (const path of ['/', '/help', `/rassen/${BREED}`]) lh[path] = await runLighthouse(`${app.url}${path}`);
  app.child.kill();
} finally {
  for (const p of procs) p.kill();
  rmSync(dataDir, { recursive: true, force: true });
}

writeSection('public-web', report());

function randomTerm() {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return Array.from({ length: 3 }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
}

/** Two help articles through the admin API, so /help has content: register, make admin with the CLI, log in. */
async function seedHelp(url) {
  const email = 'bench-admin@example.de';
  const password = 'bench-passwort';
  const reg = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, name: 'Bench' }),
  });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status}`);
  execFileSync(process.execPath, ['dist/cli.js', 'set-role', email, 'admin'], { env: { ...process.env, ...env }, stdio: 'ignore' });
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const passwordOnly = login.headers.get('set-cookie')?.split(';')[0];
  if (login.status !== 200 || !passwordOnly) throw new Error(`login failed: ${login.status}`);
  const cookie = await raiseStaff(url, passwordOnly, password);
  const articles = [
    {
      category: 'erste-schritte',
      title: 'Wie lege ich meinen Hund an?',
      body: 'Öffne die App und tippe auf „Hund anlegen“.\n\nName und Rasse reichen für den Anfang.',
      active: 1,
    },
    { category: 'app', title: 'Wie installiere ich die App?', body: 'Öffne das Browser-Menü und wähle „Zum Startbildschirm hinzufügen“.', active: 1 },
    { category: 'datenschutz', title: 'Wer sieht meine Daten?', body: 'Deine Hunde und dein Tagebuch siehst nur du, solange du nichts teilst.', active: 1 },
  ];
  for (const a of articles) {
    const res = await fetch(`${url}/api/admin/help-articles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(a),
    });
    if (res.status !== 201) throw new Error(`help article failed: ${res.status}`);
  }
}

/**
 * Lighthouse 12 with its default (mobile, simulated throttling) settings, one fresh Chromium per page. A run that
 * ends in a runtime error (on this shared machine: a page that did not paint in time) is repeated, up to 3 tries.
 */
async function runLighthouse(url, tries = 3) {
  const lhr = await lighthouseReport(url, { categories: CATEGORIES });
  if (lhr.runtimeError) {
    console.warn(`${url}: Lighthouse runtime error ${lhr.runtimeError.code}${tries > 1 ? ', trying again' : ''}`);
    if (tries > 1) return runLighthouse(url, tries - 1);
  }
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  const failed = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable',
    )
    .map((a) => a.id);
  const metrics = {
    fcp: lhr.audits['first-contentful-paint']?.displayValue,
    lcp: lhr.audits['largest-contentful-paint']?.displayValue,
    tbt: lhr.audits['total-blocking-time']?.displayValue,
    cls: lhr.audits['cumulative-layout-shift']?.displayValue,
  };
  console.log(url, scores, metrics, failed);
  return { scores, metrics, failed };
}

function pct(a, b) {
  return `${((a / b) * 100).toFixed(1)} %`;
}

function report() {
  const date = new Date().toISOString().slice(0, 10);
  const table = [
    '| route | req/s | p50 ms | p99 ms | non-2xx | vs Express hello | vs bare node:http |',
    '|---|---|---|---|---|---|---|',
    ...Object.values(rows).map(
      (r) => `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${pct(r.rps, rows.hello.rps)} | ${pct(r.rps, rows.bare.rps)} |`,
    ),
  ].join('\n');
  const lhTable = [
    '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |',
    '|---|---|---|---|---|---|---|---|---|',
    ...Object.entries(lh).map(
      ([path, r]) =>
        `| \`${path}\` | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${r.metrics.fcp} | ${r.metrics.lcp} | ${r.metrics.tbt} | ${r.metrics.cls} |`,
    ),
  ].join('\n');
  const listRatio = rows.list.rps / rows.bare.rps;
  const lhAll = Object.values(lh).every((r) => CATEGORIES.every((c) => r.scores[c] >= 95));
  const failedAudits = Object.entries(lh)
    .filter(([, r]) => r.failed.length)
    .map(([path, r]) => `\`${path}\`: ${r.failed.join(', ')}`);
  return `## Public web: breed wiki throughput and Lighthouse (\`bench/public-web.mjs\`)

Measured ${date} on ${machine()} (load average ${loadBefore} before the run: other work shared the machine, so
compare rows within this run, not with other sections). autocannon in the same process tree as the servers (all
share the 2 cores, equally for every row), 50 connections, 10 s per row. App: built server (\`dist/server.js\`), SQLite with the
${'1,036'} breeds of \`reference/breeds.json\`, \`LOG_LEVEL=warn\`, rate limits off (with them on, the wiki answers 429
after 60 or 30 requests a minute per address). "Cached" rows hit the in-memory response cache of the wiki
(\`breeds.cache.ts\`); the uncached row searches a random three-letter term each time, so nearly every request
queries SQLite.

${table}

- Target: cached list ≥ 50 % of bare node:http — **${pct(rows.list.rps, rows.bare.rps)}** — ${listRatio >= 0.5 ? 'met' : 'NOT met'}.
  Every Express route here runs the app's whole middleware chain (request log, helmet, IP blocklist, body guards,
  session, router); an Express hello world alone reaches ${pct(rows.hello.rps, rows.bare.rps)} of bare node:http in the same run, so
  the cached list is measured against that ceiling in the "vs Express hello" column.

Lighthouse ${LIGHTHOUSE_VERSION} (default mobile profile with simulated throttling), Debian Chromium, one fresh browser per page:

${lhTable}

- Target: every category ≥ 95 on all three pages — ${lhAll ? '**met**' : '**NOT met**'}.
${failedAudits.length ? `- Audits below full score: ${failedAudits.join('; ')}.` : '- No audit below full score.'}`;
}
