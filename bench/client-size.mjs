// Client benchmark (issue 6): JavaScript transferred for the first screen after login (the welcome dashboard),
// gzip-compressed, and a Lighthouse run of the dashboard on the mobile profile when lighthouse is installed.
// Run: npm run build && node bench/client-size.mjs   (about a minute; writes its section of docs/performance.md)
//
// Nothing here reaches the internet: weather goes to a closed local port (the upload keeps the entry and marks
// the weather as pending), and the dashboard has no map tiles.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROME_FLAGS, CHROMIUM, lighthouseModules, lighthouseReport, medianByPerformance } from './lighthouse-run.mjs';
import { api, BENCH_SECRET, gpsPhoto, machine, registerUser, startApp, writeSection } from './lib.mjs';

const BUDGET_KB = 80;
const PORT = '3998';

/** A user with one dog and one diary entry with a photo; returns the session cookie. */
async function seed(url) {
  const cookie = await registerUser(url, 'bench-client@example.de');
  const dog = await api(url, cookie, 'POST', '/api/dogs', { name: 'Bello', breed: 'Labrador' });
  const entry = await api(url, cookie, 'POST', `/api/dogs/${dog.id}/diary`, { date: '2026-11-20', title: 'Im Park', text: 'Ein schöner Tag.' });
  const form = new FormData();
  form.append('files', new Blob([await gpsPhoto()], { type: 'image/jpeg' }), 'park.jpg');
  const up = await fetch(`${url}/api/diary/${entry.id}/media`, { method: 'POST', headers: { cookie }, body: form });
  if (!up.ok) throw new Error(`upload failed: ${up.status} ${await up.text()}`);
  return cookie;
}

/** Opens /app with the session cookie and lists every JavaScript file the browser fetched for it. */
async function measureFirstScreen(url, cookie) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE', serviceWorkers: 'block' });
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url }]);
    const page = await context.newPage();
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    await page.goto(`${url}/app`);
    await page.waitForSelector('.daily-photo img', { timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const rows = [];
    for (const response of scripts) {
      const body = await response.body();
      const sizes = await response.request().sizes();
      rows.push({
        file: new URL(response.url()).pathname,
        raw: body.length,
        gzip: gzipSync(body, { level: 6 }).length,
        transferred: sizes.responseBodySize + sizes.responseHeadersSize,
        encoding: response.headers()['content-encoding'] ?? 'none',
      });
    }
    return rows;
  } finally {
    await browser.close();
  }
}

const RUNS = 3;

/**
 * Lighthouse (mobile profile, its default simulated throttling) of the dashboard, if it is installed: three runs,
 * the median by performance score is reported with the spread (the 2 cores are shared, scores move by a few points).
 */
async function lighthouseDashboard(url, cookie) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await lighthouseOnce(url, cookie);
    if (!run) return null;
    runs.push(run);
  }
  return { ...medianByPerformance(runs), all: runs.map((r) => r.performance) };
}

async function lighthouseOnce(url, cookie) {
  if (!(await lighthouseModules())) return null;
  const lhr = await lighthouseReport(`${url}/app`, { categories: ['performance', 'accessibility', 'best-practices'], cookie });
  const audit = (id) => lhr.audits[id]?.displayValue ?? '–';
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories['best-practices'].score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    lcpBytes: lhr.audits['network-requests']?.details?.items?.find((i) => i.url.includes('_preview.webp'))?.transferSize ?? 0,
    version: lhr.lighthouseVersion,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-client-'));
let app;
try {
  app = await startApp({
    NODE_ENV: 'development',
    PORT,
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    LOG_LEVEL: 'warn',
    JOBS_ENABLED: 'false',
    RATE_LIMITS_ENABLED: 'false',
    BRIGHTSKY_URL: 'http://127.0.0.1:9',
    WEATHER_ALERTS_URL: 'http://127.0.0.1:9',
    JWT_SECRET: BENCH_SECRET,
  });
  const cookie = await seed(app.url);
  const rows = await measureFirstScreen(app.url, cookie);
  const total = rows.reduce((sum, r) => ({ raw: sum.raw + r.raw, gzip: sum.gzip + r.gzip, transferred: sum.transferred + r.transferred }), {
    raw: 0,
    gzip: 0,
    transferred: 0,
  });
  const kb = (n) => (n / 1024).toFixed(1);
  for (const r of rows) console.log(`${r.file}: ${kb(r.raw)} KB raw, ${kb(r.gzip)} KB gzip, ${kb(r.transferred)} KB on the wire (${r.encoding})`);
  console.log(`total: ${kb(total.raw)} KB raw, ${kb(total.gzip)} KB gzip (budget ${BUDGET_KB} KB)`);
  const loadBefore = loadavg()[0].toFixed(1);
  const lh = await lighthouseDashboard(app.url, cookie);
  if (lh) console.log('lighthouse:', lh);

  const date = new Date().toISOString().slice(0, 10);
  const met = total.gzip / 1024 < BUDGET_KB;
  writeSection(
    'client',
    `## Client: first screen after login (\`bench/client-size.mjs\`)

Measured ${date} on ${machine()}, Debian Chromium driven by playwright-core. A user with one dog and one diary photo
opens \`/app\` with a session cookie (the welcome dashboard with the daily photo); every JavaScript file the browser
fetched for it is listed. "gzip" is each file compressed with zlib level 6, i.e. what a compressing proxy sends;
"on the wire" is what this server sent (brotli twins written at build time, since issue 29; headers included).

| file | raw KB | gzip KB | on the wire KB |
|---|---|---|---|
${rows.map((r) => `| \`${r.file}\` | ${kb(r.raw)} | ${kb(r.gzip)} | ${kb(r.transferred)} |`).join('\n')}
| **total (${rows.length} files)** | **${kb(total.raw)}** | **${kb(total.gzip)}** | **${kb(total.transferred)}** |

- Budget: JavaScript transferred (gzip) under ${BUDGET_KB} KB: **${kb(total.gzip)} KB** — ${met ? 'met' : 'NOT met'}.
${
  lh
    ? `- Lighthouse ${lh.version}, mobile profile (simulated slow 4G, 4× CPU slowdown), dashboard with session cookie, median
  of ${RUNS} runs (performance of all runs: ${lh.all.join(', ')}; machine load average ${loadBefore} on 2 cores shared
  with other work, which mostly moves TBT): performance **${lh.performance}** (target ≥ 90 —
  ${lh.performance >= 90 ? 'met' : 'NOT met'}), accessibility ${lh.accessibility}, best practices ${lh.bestPractices}; FCP ${lh.fcp},
  LCP ${lh.lcp} (the daily photo's preview, ${(lh.lcpBytes / 1024).toFixed(0)} KB), TBT ${lh.tbt}, CLS ${lh.cls}.`
    : '- Lighthouse: not installed when this ran (`lighthouse` and `chrome-launcher` missing), so no score.'
}`,
  );
  if (!met) process.exitCode = 1;
} finally {
  app?.child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
