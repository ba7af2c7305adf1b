// Diary upload benchmark (issues 4, 29 and 34): one photo per request (re-encoded, preview made, EXIF read, weather looked up at a local fake); a 144 KB photo alone (p50 and server CPU per upload), 12-megapixel JPEGs one at a time and 4 at once while GET /api/auth/me keeps being asked (its p99 must stay under 50 ms), uploads with place names on against off, and the server's RSS after 40 and 200 uploads at 4 and 25 connections, with and without MALLOC_ARENA_MAX=2.
// Run: npm run bench -- diary-upload   (about five minutes; writes its section of docs/performance.md and the raw
// numbers as JSON to UPLOAD_BENCH_JSON when set). UPLOAD_RSS_RUNS=0 skips the RSS runs; UPLOAD_ARENAS=",2" (default)
// lists the MALLOC_ARENA_MAX values to compare (empty = unset). UPLOAD_BASELINE=<folder with an older build> also starts
// that build's dist/server.js and alternates single uploads between the two (before/after under the same load).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { Agent, createServer, request } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { cpuMs, machine, percentile, rssMb, registerUser, startBenchApp, writeSection } from './lib.mjs';

const SEQUENTIAL = 15;
const SMALL_ALONE = 30;
const CONCURRENT_WORKERS = 4;
const CONCURRENT_EACH = 6;
const RSS_UPLOADS = Number(process.env.UPLOAD_RSS_UPLOADS ?? 200);
const RSS_CONNECTIONS = process.env.UPLOAD_RSS_RUNS === '0' ? [] : [4, 25];
const ARENAS = (process.env.UPLOAD_ARENAS ?? ',2').split(',');
const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-upload-'));

const sortNum = (a) => [...a].sort((x, y) => x - y);

/** Peak RSS of a process so far (VmHWM), MB. */
const peakRssMb = (pid) => Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

/** A photo-like JPEG (default 4000 × 3000, 12 MP): a gradient with grain (pure noise would be unrealistically large). */
async function photoJpeg(width = 4000, height = 3000, quality = 92, sigma = 18) {
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } } })
    .raw()
    .toBuffer();
  const gradient = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      gradient[i] = (x * 255) / width;
      gradient[i + 1] = (y * 255) / height;
      gradient[i + 2] = 120;
    }
  for (let i = 0; i < gradient.length; i++) gradient[i] = Math.max(0, Math.min(255, gradient[i] + grain[i] - 128));
  return sharp(gradient, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .withExif({
      IFD0: { Make: 'Bench', Model: 'Cam' },
      IFD2: { DateTimeOriginal: '2025:06:14 12:30:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 8/1 1464/100', GPSLongitudeRef: 'E', GPSLongitude: '11/1 34/1 3180/100' },
    })
    .toBuffer();
}

/** `jpeg` with its GPS position moved `step` arc seconds north (about 31 m each), everything else as it was. */
function movedBy(jpeg, step) {
  return sharp(jpeg)
    .jpeg({ quality: 79 })
    .withExif({
      IFD0: { Make: 'Bench', Model: 'Cam' },
      IFD2: { DateTimeOriginal: '2025:06:14 12:30:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: `48/1 8/1 ${1464 + step * 100}/100`, GPSLongitudeRef: 'E', GPSLongitude: '11/1 34/1 3180/100' },
    })
    .toBuffer();
}

/** A Bright Sky stand-in that answers at once, so the numbers are about our work, not the network. */
function fakeBrightSky() {
  const server = createServer((req, res) => {
    const day = new URL(req.url ?? '/', 'http://x').searchParams.get('date') ?? '2025-06-14';
    const weather = Array.from({ length: 24 }, (_, h) => ({
      timestamp: `${day}T${String(h).padStart(2, '0')}:00:00+02:00`,
      temperature: 15 + h / 3,
      precipitation: 0,
      cloud_cover: 40,
      condition: 'dry',
    }));
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ weather, sources: [] }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** How long the Nominatim stand-in takes to answer: the public instance's usual 0.2 to 1 s. */
const NOMINATIM_DELAY_MS = 500;

/** A Nominatim stand-in that answers every reverse lookup after NOMINATIM_DELAY_MS; `asked` counts them. */
function slowNominatim() {
  const server = createServer((_req, res) => {
    server.asked++;
    setTimeout(() => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ name: 'Marienplatz', address: { city: 'München' }, display_name: 'Marienplatz, München, Bayern' }));
    }, NOMINATIM_DELAY_MS);
  });
  server.asked = 0;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function upload(url, cookie, entryId, jpeg) {
  const form = new FormData();
  form.append('files', new Blob([jpeg], { type: 'image/jpeg' }), 'foto.jpg');
  const started = performance.now();
  const res = await fetch(`${url}/api/diary/${entryId}/media`, { method: 'POST', headers: { cookie }, body: form });
  const body = await res.json();
  const ms = performance.now() - started;
  if (res.status !== 201) throw new Error(`upload: HTTP ${res.status} ${JSON.stringify(body)}`);
  const item = body.items[0];
  if (!item.preview_url || item.lat === null || item.weather_status !== 'ok') throw new Error(`upload incomplete: ${JSON.stringify(item)}`);
  return ms;
}

/** Asks GET /api/auth/me back to back over one keep-alive connection until stopped; returns the latencies. */
function probeMe(url, cookie) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times = [];
  let running = true;
  const one = () =>
    new Promise((resolve, reject) => {
      const started = process.hrtime.bigint();
      request(`${url}/api/auth/me`, { agent, headers: { cookie } }, (res) => {
        res.resume();
        res.on('end', () => {
          times.push(Number(process.hrtime.bigint() - started) / 1e6);
          resolve();
        });
      })
        .on('error', reject)
        .end();
    });
  const done = (async () => {
    while (running) {
      await one();
      await new Promise((r) => setTimeout(r, 5));
    }
    agent.destroy();
    return times;
  })();
  return { stop: () => ((running = false), done) };
}

const json = { 'content-type': 'application/json' };

/** A registered user with a dog; `newEntry()` makes a diary entry to upload into (at most 100 photos each). */
async function uploader(app, email) {
  const cookie = await registerUser(app.url, email);
  const dog = await (await fetch(`${app.url}/api/dogs`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ name: 'Bello' }) })).json();
  const newEntry = async () =>
    (
      await (
        await fetch(`${app.url}/api/dogs/${dog.id}/diary`, {
          method: 'POST',
          headers: { ...json, cookie },
          body: JSON.stringify({ date: '2025-06-14', text: 'Bench' }),
        })
      ).json()
    ).id;
  return { cookie, newEntry };
}

/** `n` uploads one at a time after one warm-up: client times and the server's CPU per upload. */
async function alone(app, user, photo, n) {
  const entry = await user.newEntry();
  await upload(app.url, user.cookie, entry, photo);
  const cpuBefore = cpuMs(app.child.pid);
  const times = [];
  for (let i = 0; i < n; i++) times.push(await upload(app.url, user.cookie, entry, photo));
  return { times: sortNum(times), cpuMsPerUpload: (cpuMs(app.child.pid) - cpuBefore) / n };
}

/**
 * A fresh server takes RSS_UPLOADS 12 MP uploads over `connections` at once; RSS after the 40th and the last, and
 * the peak. `arena` is MALLOC_ARENA_MAX for the server ('' = unset, glibc's default of 8 per core).
 */
async function rssRun(port, photo, connections, arena) {
  const dir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-upload-rss-'));
  const weatherUrl = `http://127.0.0.1:${weather.address().port}`;
  const app = await startBenchApp(port, dir, { BRIGHTSKY_URL: weatherUrl, ...(arena ? { MALLOC_ARENA_MAX: arena } : {}) });
  procs.push(app.child);
  try {
    const user = await uploader(app, `rss${port}@example.de`);
    const startRss = rssMb(app.child.pid);
    const cpuBefore = cpuMs(app.child.pid);
    let started = 0;
    let done = 0;
    let rssAt40 = 0;
    const times = [];
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        let entry = await user.newEntry();
        let inEntry = 0;
        while (started < RSS_UPLOADS) {
          started++;
          if (++inEntry > 90) [entry, inEntry] = [await user.newEntry(), 1];
          times.push(await upload(app.url, user.cookie, entry, photo));
          if (++done === 40) rssAt40 = rssMb(app.child.pid);
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const row = {
      connections,
      arena: arena || 'unset',
      startRss,
      rssAt40,
      rssAtEnd: rssMb(app.child.pid),
      peakRss: peakRssMb(app.child.pid),
      uploadsPerS: done / seconds,
      p50: percentile(sortNum(times), 50),
      cpuMsPerUpload: (cpuMs(app.child.pid) - cpuBefore) / done,
    };
    console.log(`RSS run ${JSON.stringify(row)}`);
    return row;
  } finally {
    app.child.kill();
    await new Promise((r) => app.child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The older build in `dir` (its dist/server.js, its own cwd), started like startBenchApp starts this one. */
async function startBaseline(dir, port, data) {
  const env = { ...process.env, NODE_ENV: 'development', PORT: String(port), DATA_DIR: data, LOG_LEVEL: 'warn', JOBS_ENABLED: 'false' };
  Object.assign(env, { RATE_LIMITS_ENABLED: 'false', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123', NOMINATIM_URL: '' });
  env.BRIGHTSKY_URL = `http://127.0.0.1:${weather.address().port}`;
  const child = spawn(process.execPath, ['dist/server.js'], { cwd: dir, env, stdio: ['ignore', 'ignore', 'inherit'] });
  procs.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200 && child.exitCode === null; i++) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, url };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('baseline app did not start');
}

/**
 * Before/after under the same load: single uploads alternate between the baseline build and this one (the order
 * swaps every round), so a busy machine slows both alike. Returns p50 and server CPU per upload for each.
 */
async function alternate(apps, photo, n, { entryPerUpload = false } = {}) {
  // `photo` may be a list: the warm-up takes the first, round r the (r + 1)th, the same for every app.
  const photoOf = (k) => (Array.isArray(photo) ? photo[k % photo.length] : photo);
  const users = await Promise.all(apps.map((app, i) => uploader(app, `ab${i}-${photoOf(0).length}@example.de`)));
  const entries = await Promise.all(users.map((u) => u.newEntry()));
  for (let i = 0; i < apps.length; i++) await upload(apps[i].url, users[i].cookie, entries[i], photoOf(0));
  const cpu0 = apps.map((a) => cpuMs(a.child.pid));
  const times = apps.map(() => []);
  for (let round = 0; round < n; round++)
    for (const i of round % 2 ? [1, 0] : [0, 1]) {
      if (entryPerUpload) entries[i] = await users[i].newEntry();
      times[i].push(await upload(apps[i].url, users[i].cookie, entries[i], photoOf(round + 1)));
    }
  return apps.map((a, i) => ({ p50: percentile(sortNum(times[i]), 50), cpuMsPerUpload: (cpuMs(a.child.pid) - cpu0[i]) / n }));
}

const procs = [];
const weather = await fakeBrightSky();
try {
  const jpeg = await photoJpeg();
  const small = await photoJpeg(1600, 1200, 79, 6);
  const meta = await sharp(jpeg).metadata();
  console.log(`fixtures: ${meta.width}×${meta.height}, ${(jpeg.length / 2 ** 20).toFixed(1)} MB; 1600×1200, ${Math.round(small.length / 1024)} KB`);
  const app = await startBenchApp(41996, dataDir, {
    BRIGHTSKY_URL: `http://127.0.0.1:${weather.address().port}`,
    // The server measures its own event-loop delay (bench/eld-hook.mjs), read per phase with SIGUSR2.
    NODE_OPTIONS: `--import ${new URL('./eld-hook.mjs', import.meta.url).pathname}`,
    ELD_OUT: join(dataDir, 'eld.json'),
  });
  procs.push(app.child);
  const user = await uploader(app, 'upload@example.de');
  const { cookie, newEntry } = user;

  const loopDelay = async () => {
    app.child.kill('SIGUSR2');
    await new Promise((r) => setTimeout(r, 300));
    return JSON.parse(readFileSync(join(dataDir, 'eld.json'), 'utf8'));
  };

  // Idle reference for /api/auth/me.
  await loopDelay(); // start the server's histogram here
  const idleProbe = probeMe(app.url, cookie);
  await new Promise((r) => setTimeout(r, 5000));
  const idle = sortNum(await idleProbe.stop());
  const idleLoop = await loopDelay();

  // One photo alone: the 144 KB photo, then the 12 MP one, one upload at a time (after one warm-up each).
  const smallAlone = await alone(app, user, small, SMALL_ALONE);
  const seqAlone = await alone(app, user, jpeg, SEQUENTIAL);
  const seqSorted = seqAlone.times;

  // Four at once, while /api/auth/me keeps being asked.
  const probe = probeMe(app.url, cookie);
  await new Promise((r) => setTimeout(r, 500));
  const started = performance.now();
  const perUpload = [];
  await Promise.all(
    Array.from({ length: CONCURRENT_WORKERS }, async () => {
      const entryId = await newEntry();
      for (let i = 0; i < CONCURRENT_EACH; i++) perUpload.push(await upload(app.url, cookie, entryId, jpeg));
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const during = sortNum(await probe.stop());
  const busyLoop = await loopDelay();
  const conc = sortNum(perUpload);
  const total = CONCURRENT_WORKERS * CONCURRENT_EACH;
  const rss = rssMb(app.child.pid);
  app.child.kill();

  // Before/after, alternating (UPLOAD_BASELINE): the baseline build against this one, each on a fresh data folder.
  let abRows = [];
  if (process.env.UPLOAD_BASELINE) {
    const baseDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-upload-base-'));
    const thisDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-upload-this-'));
    const apps = [await startBaseline(process.env.UPLOAD_BASELINE, 41994, baseDir)];
    apps.push(await startBenchApp(41995, thisDir, { BRIGHTSKY_URL: `http://127.0.0.1:${weather.address().port}` }));
    procs.push(apps[1].child);
    abRows = [
      { photo: `1600 × 1200 (${Math.round(small.length / 1024)} KB)`, rows: await alternate(apps, small, 40) },
      { photo: '4000 × 3000 (12 MP)', rows: await alternate(apps, jpeg, 16) },
    ];
    for (const a of apps) a.child.kill();
    console.log(`before/after ${JSON.stringify(abRows)}`);
  }

  // Place names on against off (issue 29): two servers of this build, one asking a Nominatim stand-in that takes
  // NOMINATIM_DELAY_MS; single uploads alternate between them. The name is looked up after the answer.
  const nominatim = await slowNominatim();
  const placeDirs = [mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-upload-off-')), mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-upload-on-'))];
  const weatherUrl = `http://127.0.0.1:${weather.address().port}`;
  const placeApps = [
    await startBenchApp(41992, placeDirs[0], { BRIGHTSKY_URL: weatherUrl }),
    await startBenchApp(41993, placeDirs[1], { BRIGHTSKY_URL: weatherUrl, NOMINATIM_URL: `http://127.0.0.1:${nominatim.address().port}` }),
  ];
  procs.push(...placeApps.map((a) => a.child));
  // Every upload into a new entry (an entry is named once) with a photo taken 30 m from the last one (names are
  // cached per position to 4 decimals), so each upload starts a lookup: the worst case for the server.
  const spread = await Promise.all(Array.from({ length: 41 }, (_, i) => movedBy(small, i))); // the first for the warm-up
  const [placesOff, placesOn] = await alternate(placeApps, spread, 40, { entryPerUpload: true });
  const placeLookups = nominatim.asked;
  if (placeLookups === 0) throw new Error('place names on: the server never asked the Nominatim stand-in');
  for (const a of placeApps) a.child.kill();
  nominatim.close();
  for (const dir of placeDirs) rmSync(dir, { recursive: true, force: true });
  console.log(`place names off/on ${JSON.stringify({ placesOff, placesOn, placeLookups })}`);

  // RSS under upload load: a fresh server per run.
  const rssRows = [];
  let port = 41997;
  for (const connections of RSS_CONNECTIONS) for (const arena of ARENAS) rssRows.push(await rssRun(port++, jpeg, connections, arena));

  const f = (n) => n.toFixed(1);
  const row = (name, s) => `| ${name} | ${s.length} | ${f(percentile(s, 50))} | ${f(percentile(s, 95))} | ${f(percentile(s, 99))} | ${f(s[s.length - 1])} |`;
  const p99During = percentile(during, 99);
  const seqRate = 1000 / percentile(seqSorted, 50);
  const concRate = total / elapsed;
  const results = {
    smallKb: Math.round(small.length / 1024),
    small: { p50: percentile(smallAlone.times, 50), p95: percentile(smallAlone.times, 95), cpuMsPerUpload: smallAlone.cpuMsPerUpload },
    twelveMp: { p50: percentile(seqSorted, 50), p95: percentile(seqSorted, 95), cpuMsPerUpload: seqAlone.cpuMsPerUpload },
    fourAtOnce: { p50: percentile(conc, 50), uploadsPerS: concRate, meP99: p99During },
    rss: rssRows,
    beforeAfter: abRows,
    placeNames: { off: placesOff, on: placesOn, lookups: placeLookups },
  };
  console.log(JSON.stringify(results));
  if (process.env.UPLOAD_BENCH_JSON) writeFileSync(process.env.UPLOAD_BENCH_JSON, JSON.stringify(results, null, 2));
  console.log(`sequential p50 ${f(percentile(seqSorted, 50))} ms, p95 ${f(percentile(seqSorted, 95))} ms`);
  console.log(`4 at once: ${f(concRate)} uploads/s; /me p99 ${f(p99During)} ms (idle ${f(percentile(idle, 99))} ms)`);
  const rssTable = rssRows.length
    ? `| connections | MALLOC_ARENA_MAX | RSS at start MB | after 40 uploads MB | after ${RSS_UPLOADS} MB | peak MB | uploads/s | p50 ms | server CPU ms per upload |
|---|---|---|---|---|---|---|---|---|
${rssRows.map((r) => `| ${r.connections} | ${r.arena} | ${r.startRss} | ${r.rssAt40} | ${r.rssAtEnd} | ${r.peakRss} | ${f(r.uploadsPerS)} | ${f(r.p50)} | ${Math.round(r.cpuMsPerUpload)} |`).join('\n')}`
    : '(RSS runs skipped: UPLOAD_RSS_RUNS=0)';
  writeSection(
    'diary-upload',
    `## Diary photo upload (\`bench/diary-upload.mjs\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}. Built server (\`dist/server.js\`), SQLite,
\`LOG_LEVEL=warn\`, rate limits off. Each request uploads one photo with GPS and capture time in its EXIF: the server
checks it, decodes it once and writes the re-encoded photo without metadata (JPEG q85, at most 4096 px) and the 800 px
WebP preview, reads the EXIF, writes both files, inserts the row and looks up the weather (a Bright Sky stand-in on
127.0.0.1 that answers at once; the first lookup fills the cache). Client times (fetch + FormData on the same
machine, so the 2 cores are shared with the client and the probe); server CPU is the app process's user + system
time (/proc, all its threads) divided by the uploads.

| measurement | n | p50 ms | p95 ms | p99 ms | max ms |
|---|---|---|---|---|---|
${row(`upload of a 1600 × 1200 photo (${results.smallKb} KB) alone`, smallAlone.times)}
${row(`upload of a ${meta.width} × ${meta.height} photo (12 MP, ${f(jpeg.length / 2 ** 20)} MB) alone`, seqSorted)}
${row(`12 MP upload, ${CONCURRENT_WORKERS} at once`, conc)}
${row('GET /api/auth/me, idle', idle)}
${row(`GET /api/auth/me during ${CONCURRENT_WORKERS} uploads`, during)}

- Server CPU per upload: **${Math.round(smallAlone.cpuMsPerUpload)} ms** for the ${results.smallKb} KB photo,
  **${Math.round(seqAlone.cpuMsPerUpload)} ms** for the 12 MP photo.
- Throughput: **${f(seqRate)} uploads/s** one at a time, **${f(concRate)} uploads/s** with ${CONCURRENT_WORKERS} at once
  (${f((concRate * jpeg.length) / 2 ** 20)} MB/s in). At most IMAGE_JOBS images are worked on at once (default
  cores − 1, here ${Math.max(1, availableParallelism() - 1)}), so one core stays with the event loop; more uploads wait for a slot instead of slowing
  every other request.
- Target: \`GET /api/auth/me\` p99 during uploads under 50 ms — **${f(p99During)} ms** — ${p99During < 50 ? 'met' : 'NOT met'}
  (${f(p99During / Math.max(0.01, percentile(idle, 99)))}× its idle p99).
- Event-loop delay measured inside the server (\`monitorEventLoopDelay\`, 2 ms resolution): idle p50 ${idleLoop.p50} ms,
  p99 ${idleLoop.p99} ms, max ${idleLoop.max} ms; during the ${CONCURRENT_WORKERS} parallel uploads p50 ${busyLoop.p50} ms, p99 ${busyLoop.p99} ms,
  max ${busyLoop.max} ms.
- RSS of the app after the ${SMALL_ALONE + SEQUENTIAL + 2 + total} uploads above: ${rss} MB.
- Place names on against off (target: the same answer time within noise): 40 uploads of the ${results.smallKb} KB photo
  each, alternating between two servers of this build, one of them asking a Nominatim stand-in that answers after
  ${NOMINATIM_DELAY_MS} ms. Every upload goes into a new entry, 31 m from the last, so each starts a lookup; ${placeLookups}
  reached the stand-in, the others found no turn within 1.5 s (one request a second, Nominatim's policy) and are left
  to the hourly \`diary.name-places\` job. p50 **${f(placesOff.p50)} ms off, ${f(placesOn.p50)} ms on**; server CPU per
  upload (its new entry included) ${Math.round(placesOff.cpuMsPerUpload)} and ${Math.round(placesOn.cpuMsPerUpload)} ms.
  The name is looked up after the answer, in a background task, so the answer never waits for Nominatim.

${
  abRows.length
    ? `Before and after under the same load (single uploads alternating between the baseline build and this one):

| photo | before p50 ms | after p50 ms | before server CPU ms per upload | after server CPU ms per upload |
|---|---|---|---|---|
${abRows.map((r) => `| ${r.photo} | ${f(r.rows[0].p50)} | ${f(r.rows[1].p50)} | ${Math.round(r.rows[0].cpuMsPerUpload)} | ${Math.round(r.rows[1].cpuMsPerUpload)} |`).join('\n')}

`
    : ''
}RSS under upload load: a fresh server per row takes ${RSS_UPLOADS} uploads of the 12 MP photo over N connections at once.

${rssTable}

- Load on the machine while measuring (1-minute load average, other work included): ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores.`,
  );
} finally {
  for (const p of procs) p.kill();
  weather.close();
  rmSync(dataDir, { recursive: true, force: true });
}
