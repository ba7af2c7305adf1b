// Lighthouse mobile (issue 29): performance, accessibility and best practices of the landing page, the dashboard, a dog's health tab with ten years of records and the map with pins around the user.
// Run: npm run build && node bench/lighthouse.mjs   (about five minutes; writes its section of docs/performance.md)
// `--serve` seeds and keeps the app up instead (prints its address, cookie and dog); LIGHTHOUSE_REPORTS=<dir> keeps
// every run's full report; LIGHTHOUSE_ONLY=landing|dashboard|health|map measures one page without writing the doc.
//
// Nothing here reaches the internet. Map tiles: Chromium resolves tile.openstreetmap.org to a fake HTTPS tile
// server on 127.0.0.1 (a self-signed certificate, accepted with --ignore-certificate-errors), which answers every
// tile with the same 256×256 PNG of about 18 KB, the size of a real OSM tile in a town. The map layers come from
// a fake Overpass on 127.0.0.1 (20 vets and 20 groomers around the user); weather goes to a closed port.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { precompress } from '../scripts/precompress.mjs';
import { seedHealthRecords } from './health-seed.mjs';
import { CHROME_FLAGS, lighthouseRun, medianByPerformance } from './lighthouse-run.mjs';
import { api, gpsPhoto, machine, registerUser, startBenchApp, writeSection } from './lib.mjs';

const RUNS = 3;
const TARGET = 95;
const HOME = { lat: 52.52, lon: 13.405 };
const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-lighthouse-'));

// ---------------------------------------------------------------------------------------------- fake upstreams

/** A self-signed certificate for tile.openstreetmap.org, made with the openssl command line. */
function selfSigned() {
  const key = join(dataDir, 'tile.key');
  const cert = join(dataDir, 'tile.crt');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=tile.openstreetmap.org'],
    {
      stdio: 'ignore',
    },
  );
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

async function fakeTileServer() {
  const png = await sharp({ create: { width: 256, height: 256, channels: 3, noise: { type: 'gaussian', mean: 210, sigma: 40 } } })
    .blur(6)
    .png({ palette: true, colors: 16 })
    .toBuffer();
  const server = createHttpsServer(selfSigned(), (req, res) =>
    // Leaflet asks with crossOrigin (the service worker caches tiles), so the answer must allow it, as OSM's does.
    res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*', 'cache-control': 'max-age=604800' }).end(png),
  );
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, bytes: png.length };
}

/** A minimal Overpass: 20 vets or groomers within about 1.5 km of HOME. */
async function fakeOverpass() {
  const server = createHttpServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const q = new URLSearchParams(Buffer.concat(chunks).toString()).get('data') ?? '';
      const groomer = q.includes('dog_grooming') || q.includes('pet_grooming');
      // Around the user's home (the server keeps what lies in the asked layer tile): what the map's first view shows.
      const elements = Array.from({ length: 20 }, (_, i) => ({
        type: 'node',
        id: (groomer ? 1000 : 0) + i + 1,
        lat: HOME.lat + 0.012 * Math.sin(i * 2.3 + (groomer ? 1 : 0)),
        lon: HOME.lon + 0.018 * Math.cos(i * 1.7 + (groomer ? 1 : 0)),
        tags: groomer
          ? { shop: 'pet_grooming', name: `Salon ${i + 1}` }
          : { amenity: 'veterinary', name: `Praxis ${i + 1}`, opening_hours: 'Mo-Fr 08:00-18:00' },
      }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ elements }));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

// ---------------------------------------------------------------------------------------------- the app's own copy

/**
 * The built app copied into this run's folder, and the server started from there (it finds its files from the
 * folder above dist/). Browser tests on this machine rebuild public/build whenever the client sources are newer:
 * they empty the folder, write it anew and leave out the brotli twins, so runs measured a half-written build or
 * files sent raw (LCP 3.8–4.1 instead of 2.7 s on the map). The copy is taken once, checked against its
 * asset-manifest.json and given its brotli and gzip twins by scripts/precompress.mjs, as `npm run build` does.
 */
async function appCopy() {
  const root = join(dataDir, 'app');
  for (let attempt = 1; ; attempt++) {
    rmSync(root, { recursive: true, force: true });
    mkdirSync(root);
    for (const file of ['package.json', 'VERSION']) cpSync(file, join(root, file));
    for (const dir of ['dist', 'views', 'reference', 'public']) cpSync(dir, join(root, dir), { recursive: true });
    symlinkSync(resolve('node_modules'), join(root, 'node_modules'));
    const manifest = join(root, 'public/build/asset-manifest.json');
    const files = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).files : null;
    if (files?.every((f) => existsSync(join(root, 'public', f.split('?')[0])))) break;
    if (attempt === 5) throw new Error('public/build stays incomplete (a build is running?): npm run build, then again');
    console.log('public/build is incomplete (a build is running): copying again in 3 s');
    await new Promise((done) => setTimeout(done, 3000));
  }
  // The twins made anew for the copy (0.6 s): a browser test's build may have left them out or stale.
  await precompress(root);
  return join(root, 'dist/server.js');
}

// ---------------------------------------------------------------------------------------------- seeding

/** One user at HOME with a dog (a diary photo, ten years of health records) and 20 own places around HOME. */
async function seed(url) {
  const cookie = await registerUser(url, 'lighthouse@example.de');
  await api(url, cookie, 'PATCH', '/api/me', { city: 'Berlin', lat: HOME.lat, lon: HOME.lon });
  const dog = await api(url, cookie, 'POST', '/api/dogs', { name: 'Bello', breed: 'Labrador', chip_number: '276098106543210' });
  const entry = await api(url, cookie, 'POST', `/api/dogs/${dog.id}/diary`, { date: '2026-11-20', title: 'Im Park', text: 'Ein schöner Tag.' });
  const form = new FormData();
  form.append('files', new Blob([await gpsPhoto()], { type: 'image/jpeg' }), 'park.jpg');
  const up = await fetch(`${url}/api/diary/${entry.id}/media`, { method: 'POST', headers: { cookie }, body: form });
  if (!up.ok) throw new Error(`upload failed: ${up.status} ${await up.text()}`);
  await api(url, cookie, 'PUT', `/api/dogs/${dog.id}/vet-practice`, { name: 'Praxis am Park', phone: '030 123456' });
  for (let i = 0; i < 20; i++)
    await api(url, cookie, 'POST', '/api/places', {
      lat: HOME.lat + 0.004 * Math.sin(i),
      lon: HOME.lon + 0.006 * Math.cos(i * 1.3),
      name: `Hundewiese ${i + 1}`,
      types: ['hundewiese'],
    });
  seedHealthRecords(dataDir, dog.id);
  return { cookie, dogId: dog.id };
}

// ---------------------------------------------------------------------------------------------- lighthouse

function chromeFlags(tilePort) {
  return [
    ...CHROME_FLAGS,
    // The tile host goes to the fake tile server; only it is mapped, so nothing else is reachable either way.
    `--host-resolver-rules=MAP tile.openstreetmap.org 127.0.0.1:${tilePort}`,
    '--ignore-certificate-errors',
  ];
}

async function lighthouseOnce(pageUrl, cookie, flags) {
  const { lhr, mainThread } = await lighthouseRun(pageUrl, {
    categories: ['performance', 'accessibility', 'best-practices'],
    cookie: cookie ?? undefined,
    flags,
  });
  if (lhr.runtimeError) throw new Error(`${pageUrl}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // LIGHTHOUSE_REPORTS=<dir> keeps every run's full report for a closer look.
  if (process.env.LIGHTHOUSE_REPORTS)
    writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, `${new URL(pageUrl).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`), JSON.stringify(lhr));
  const audit = (id) => lhr.audits[id]?.displayValue ?? '–';
  const score = (id) => Math.round((lhr.categories[id].score ?? 0) * 100);
  // What a run lost points on, so the doc (and whoever fixes it) sees why without opening a report.
  const misses = (id) =>
    lhr.categories[id].auditRefs
      .filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1)
      .map((r) => r.id)
      .join(', ');
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    lcpElement: lhr.audits['lcp-breakdown-insight']?.details?.items?.find((i) => i.type === 'node')?.snippet ?? '–',
    missesA11y: misses('accessibility'),
    missesBp: misses('best-practices'),
    version: lhr.lighthouseVersion,
    // Main-thread CPU and wall time after the first paint: wall far above CPU means other processes slowed the run.
    cpuWall: mainThread ? `${Math.round(mainThread.cpuMs)} / ${Math.round(mainThread.wallMs)} ms` : '–',
    brokenBuild: (lhr.audits['errors-in-console']?.details?.items ?? []).some((item) => /404|MIME type/.test(item.description ?? '')),
  };
}

/** RUNS runs of one page; the median by performance score with every run's score as the spread. */
async function measurePage(name, pageUrl, cookie, flags) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    // A loaded machine can make a run fail (a protocol timeout, no navigation start in the trace): redone once.
    const once = () =>
      lighthouseOnce(pageUrl, cookie, flags).catch((error) => {
        console.log(`${name} run ${i + 1} failed (${error.message}), again`);
        return lighthouseOnce(pageUrl, cookie, flags);
      });
    const run = await once();
    // The app runs from its own copy (appCopy), so a missing /build/ file is a broken build, not a passing one.
    if (run.brokenBuild) throw new Error(`${name}: a /build/ file was missing or refused (see the console audit): the build is broken`);
    console.log(
      `${name} run ${i + 1}: performance ${run.performance}, a11y ${run.accessibility}, bp ${run.bestPractices}, FCP ${run.fcp}, LCP ${run.lcp}, TBT ${run.tbt}, CLS ${run.cls}, main thread CPU / wall ${run.cpuWall}`,
    );
    runs.push(run);
  }
  const median = medianByPerformance(runs);
  console.log(`${name}: LCP element ${median.lcpElement}; a11y misses: ${median.missesA11y || 'none'}; bp misses: ${median.missesBp || 'none'}`);
  return { name, ...median, all: runs.map((r) => r.performance) };
}

// ---------------------------------------------------------------------------------------------- run

const tiles = await fakeTileServer();
const overpass = await fakeOverpass();
let app;
try {
  // BENCH_SERVER (an experiment's own bundle) is used as it is; otherwise the copy of what `npm run build` made.
  process.env.BENCH_SERVER ??= await appCopy();
  app = await startBenchApp(3994, dataDir, {
    PUBLIC_URL: 'http://127.0.0.1:3994',
    BRIGHTSKY_URL: 'http://127.0.0.1:9',
    WEATHER_ALERTS_URL: 'http://127.0.0.1:9',
    OVERPASS_URLS: `http://127.0.0.1:${overpass.address().port}/api/interpreter`,
  });
  const { cookie, dogId } = await seed(app.url);
  const flags = chromeFlags(tiles.server.address().port);
  if (process.argv.includes('--serve')) {
    // For a closer look (a trace, a screenshot): the seeded app stays up until Ctrl-C.
    console.log(JSON.stringify({ url: app.url, cookie, dogId, tilePort: tiles.server.address().port }));
    await new Promise((resolve) => process.once('SIGINT', resolve));
  } else await measureAll(app, cookie, dogId, flags);
} finally {
  app?.child.kill();
  tiles.server.close();
  overpass.close();
  rmSync(dataDir, { recursive: true, force: true });
}

async function measureAll(app, cookie, dogId, flags) {
  const load = loadavg()[0].toFixed(1);
  const all = [
    // The landing page as a visitor sees it (no session).
    ['landing', 'Landing page `/`', '/', null],
    ['dashboard', 'Dashboard `/app`', '/app'],
    ['health', `Health tab \`/app/hunde/${dogId}/gesundheit\``, `/app/hunde/${dogId}/gesundheit`],
    ['map', 'Map `/app/karte`', '/app/karte'],
  ];
  // LIGHTHOUSE_ONLY=health (or map, dashboard) measures one page and leaves the doc alone: for working on it.
  const only = process.env.LIGHTHOUSE_ONLY;
  const pages = [];
  for (const [key, name, path, pageCookie = cookie] of all)
    if (!only || only === key) pages.push(await measurePage(name, `${app.url}${path}`, pageCookie, flags));
  if (only) return;
  const loadAfter = loadavg()[0].toFixed(1);
  const met = (p) => (p.performance >= TARGET ? 'met' : '**NOT met**');
  writeSection(
    'lighthouse',
    `## Lighthouse mobile: landing page, dashboard, health tab, map (\`bench/lighthouse.mjs\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}, load average ${load} before and ${loadAfter} after
(2 cores shared with other work; that mostly moves TBT). Lighthouse ${pages[0].version} from node_modules, Debian
Chromium headless, mobile profile with its default simulated throttling (slow 4G, 4× CPU slowdown); the built app
(\`dist/server.js\`, SQLite) on 127.0.0.1, opened with a session cookie (the landing page without). ${RUNS} runs per page, the median by
performance score is shown, with every run's score as the spread.

Data: one user with a home position in Berlin and a dog with a diary photo (the dashboard's daily photo) and ten
years of health records (500 weights, 100 vaccinations, 200 vet visits, 30 medications, 5 allergies, 60 findings,
a practice: the shape of \`bench/health-tab.mjs\`); 20 own places around the home position, and a fake Overpass that
answers 20 vets and 20 groomers within about 1.5 km of it (the map opens with vets, groomers and places on). **Map tiles are
served, not blocked:** Chromium resolves tile.openstreetmap.org to a fake HTTPS tile server on 127.0.0.1
(self-signed certificate, \`--ignore-certificate-errors\`) that answers every tile with one ${(tiles.bytes / 1024).toFixed(0)} KB PNG.
The app runs from a copy of the build taken at the start (browser tests on this machine rebuild public/build
without its brotli twins; runs against such a build sent Leaflet's chunk raw, 150 instead of 38 KB, LCP 3.4 s).

| page | performance (runs) | target ≥ ${TARGET} | accessibility | best practices | FCP | LCP | TBT | CLS | main thread CPU / wall |
|---|---|---|---|---|---|---|---|---|---|
${pages.map((p) => `| ${p.name} | **${p.performance}** (${p.all.join(', ')}) | ${met(p)} | ${p.accessibility} | ${p.bestPractices} | ${p.fcp} | ${p.lcp} | ${p.tbt} | ${p.cls} | ${p.cpuWall} |`).join('\n')}

The last column: the page's main-thread tasks after the first contentful paint in CPU time and in wall time (median
run, from Lighthouse's trace). Lighthouse scores wall time (×4 for a slow phone); where wall time is many times the
CPU time, other processes held the cores during the run.

What issue 29 changed, with the numbers of the first run of this bench before it (same machine, load average 1.1
to 1.8; performance median (runs), FCP / LCP / TBT / CLS):

| page | before | after: see the table above |
|---|---|---|
| Dashboard | 97 (97, 97, 93), 1.2 s / 2.6 s / 70 ms / 0.005 | shell preloads only (below) |
| Health tab | 62 (90, 45, 62), 1.3 s / 2.8 s / 770 ms / 0.3 (0.29–0.52), 4,680 elements | 440 elements, CLS ≤ 0.005 |
| Map | 77 (77, 87, 72), 1.1 s / 4.1 s / 390 ms / 0.005 | LCP about 2.5 s (two rounds, below) |

- Health tab, layout shift: the nine sections drew as their answers came, each pushing the ones below (0.3–0.5). Now
  the tab's first requests start with the app (route \`prefetch\` as a function of the dog id), a section appears once
  its own and all earlier sections' first pages are there, drawn at once from the arrived answer
  (\`takePrefetched\` in core/api.ts, used by \`useResource\`, no spinner frame in between).
- Health tab, main-thread work: 4,680 elements. The weight list showed all 200 weights the curve loads, the weight
  table's 200 hidden rows were made on every visit (now when opened), and every record carried its own hidden delete
  dialog (\`DeleteButton\` now makes it on the first ask): 1,000 elements. Then every list shows its newest five
  records and "Mehr anzeigen" below it (20 more per press, the next page loaded when the loaded ones are shown; a
  browser test walks 27 findings): 440 elements, the page 6,800 instead of 20,000 px tall on a phone. The sections
  are drawn one per task, each after the previous one was painted (back to back, several were laid out together in
  one long frame), inside a plain block instead of the page's flex column.
- Health tab, what is left: in Lighthouse's traces the tab's main-thread tasks after the first paint take 110–190 ms
  of CPU (the dashboard's 50–110): the app's module evaluation about 25 ms, then per section a drawing task (about
  2.5 ms) and a frame of layout and paint (2–4 ms); no task but the module evaluation takes over 8 ms of CPU. At load
  average 3–7 their wall time was 4–6 times that, and Lighthouse multiplies wall time by 4: a run with other
  processes on both cores loses its TBT points. What costs now is the number of drawing steps (nine sections and the
  re-renders their effects cause), not the records: five per list instead of twenty changed the CPU little.
- Map, LCP (a tile): the tiles waited for app.js → its chunks → session → screen code → Leaflet → map.css → tiles.
  Now the shell preloads app.js's static chunks (\`modulepreload\`, listed by the build in asset-manifest.json) and
  \`/api/auth/me\`; the map route starts Leaflet and map.css beside the screen code and fetches the first view's
  tiles as soon as the position is known (the same URLs and CORS mode as Leaflet's): tiles requested at about 330
  instead of 700 ms (observed, unthrottled), LCP 4.1 → about 2.8 s. Pins are added twelve per task; the cluster plugin (34 KB) now loads only for
  clustered maps, not for this one.
- Map, second round: Lighthouse's simulation counts as LCP the end of every request and task (tile images aside)
  that came before the tile's paint, so both the chain and the paint's moment matter. (1) The route adds
  \`modulepreload\` links for the screen's chunks and all they import (the build writes the list into app.js), so
  Leaflet's 38 KB chunk is asked for with the screen's code instead of a round trip after it. (2) No tile fade-in
  (\`fadeAnimation: false\`): Leaflet kept a loaded tile at opacity 0 and redrew every frame for 200 ms; the tile
  was painted 300–450 ms after it had arrived, now about 35 ms (observed). (3) Pin glyphs as elements instead of
  HTML parsed per pin. Before → after, the same bench alternating the two builds at load average 2.8–5.2: LCP
  2.7–2.9 → 2.4–2.7 s, performance medians 94 and 89 → 96 and 86 (TBT 50–590 ms moves with the load).
- Map, third round: the shell the server renders for /app/karte names the map's chunks itself (the build writes the
  list into asset-manifest.json as \`mapPreload\`; pwa.routes.ts keeps a second shell for that route), so a first
  visit asks for Leaflet with app.js instead of after app.js's 15 chunks (six connections: three rounds of
  requests). Later visits get the one shell from the service worker, with the chunks in its cache. Map-only runs
  right after (load average 1.3): 97, 93, 97 with LCP 2.4–2.5 s. After the first paint the map's main thread needs
  about 100–140 ms of CPU (app module evaluation 20, Leaflet 10, map 10, layer answers and pins 10); wall time was
  2–15 times that under load.
- Leaflet was already in its own chunk (only map screens load it); esbuild splitting in scripts/build-client.mjs is
  unchanged.

LCP element and what accessibility / best practices still miss (median run):
${pages.map((p) => `- ${p.name}: LCP \`${p.lcpElement.replace(/`/g, "'")}\`; accessibility misses: ${p.missesA11y || 'none'}; best-practices misses: ${p.missesBp || 'none'}.`).join('\n')}

Not fixed: on the map, \`target-size\` (pins 28 px that overlap where places lie close together; the map screen does
not cluster, by design) and \`image-size-responsive\` (256 px OSM tiles on a 1.75× screen; retina tiles would be four
times the requests and bytes on a phone). The spread between runs comes from the shared machine: the same build gave
the map 76–93 and the health tab 76–98 within minutes; TBT moves most. The dashboard is the control (its screen
did not change; it gained only the shell preloads): 97 at load average 1–2 before, ${pages.find((p) => p.name.startsWith('Dashboard'))?.performance ?? '–'} in this run at ${load}.`,
  );
  if (pages.some((p) => p.performance < TARGET)) process.exitCode = 1;
}
