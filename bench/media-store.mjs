// Media store benchmark (issue 28): photo upload and photo serving on the local driver and on the s3 driver (a
// real S3-compatible server on 127.0.0.1, scripts/s3-test-server.mjs) in the same run, as ratios s3 / local.
// Run: npm run build && node bench/media-store.mjs   (about a minute; writes its section of docs/performance.md)
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { load, machine, percentile, registerUser, startBenchApp, writeSection } from './lib.mjs';

const UPLOADS = 20;
const S3_PORT = 3989;
const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-media-'));
const procs = [];

/** A 2-megapixel photo-like JPEG (gradient with grain). */
async function photo() {
  const width = 1600;
  const height = 1200;
  return sharp({ create: { width, height, channels: 3, background: '#7a9a5a', noise: { type: 'gaussian', mean: 120, sigma: 25 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

function startS3() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/s3-test-server.mjs', String(S3_PORT), join(dataDir, 's3'), 'bench'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    procs.push(child);
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('S3_FORCE_PATH_STYLE=true'))
        resolve(
          Object.fromEntries(
            out
              .trim()
              .split('\n')
              .map((l) => l.split('=')),
          ),
        );
    });
    child.once('exit', (code) => reject(new Error(`s3 test server exited with ${code}`)));
  });
}

/** One app on one driver: a user, a dog, an entry, and timed uploads (after one warm-up). */
async function prepare(driver, port, env, jpeg) {
  const app = await startBenchApp(port, join(dataDir, driver), env);
  procs.push(app.child);
  const json = { 'content-type': 'application/json' };
  const cookie = await registerUser(app.url, `${driver}@example.de`);
  const dog = await (await fetch(`${app.url}/api/dogs`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ name: 'Bello' }) })).json();
  const entry = await (
    await fetch(`${app.url}/api/dogs/${dog.id}/diary`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ date: '2025-06-14', text: 'Bench' }),
    })
  ).json();
  const upload = async () => {
    const form = new FormData();
    form.append('files', new Blob([jpeg], { type: 'image/jpeg' }), 'foto.jpg');
    const started = performance.now();
    const res = await fetch(`${app.url}/api/diary/${entry.id}/media`, { method: 'POST', headers: { cookie }, body: form });
    const body = await res.json();
    if (res.status !== 201) throw new Error(`${driver} upload: HTTP ${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - started, item: body.items[0] };
  };
  const { item } = await upload();
  const times = [];
  for (let i = 0; i < UPLOADS; i++) times.push((await upload()).ms);
  times.sort((a, b) => a - b);
  const bytes = Number((await fetch(`${app.url}${item.url}`, { method: 'HEAD', headers: { cookie } })).headers.get('content-length'));
  return {
    driver,
    app,
    cookie,
    item,
    bytes,
    uploadP50: percentile(times, 50),
    uploadP95: percentile(times, 95),
    file: join(dataDir, driver, 'media', item.url.slice(7)),
  };
}

/** The same GET on both servers, alternating twice (the better of two rounds counts), so neither gets the quieter moment. */
async function alternate(name, servers, path, seconds) {
  const best = {};
  for (let round = 0; round < 2; round++)
    for (const s of servers) {
      const r = await load(`${s.driver}: ${name}`, { url: `${s.app.url}${path(s)}`, headers: { cookie: s.cookie }, duration: seconds });
      if (!best[s.driver] || r.rps > best[s.driver].rps) best[s.driver] = r;
    }
  return best;
}

try {
  const jpeg = await photo();
  const s3env = await startS3();
  const local = await prepare('local', 3990, {}, jpeg);
  const s3 = await prepare('s3', 3991, s3env, jpeg);
  const full = await alternate('GET full photo', [local, s3], (s) => s.item.url, 5);
  const preview = await alternate('GET preview', [local, s3], (s) => s.item.preview_url, 4);
  const me = await alternate('GET /api/auth/me', [local, s3], () => '/api/auth/me', 3);
  Object.assign(local, { full: full.local, preview: preview.local, me: me.local });
  Object.assign(s3, { full: full.s3, preview: preview.s3, me: me.s3 });
  // The bare baseline: node:http streaming the same stored file from disk, no app in front.
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': local.bytes });
    createReadStream(local.file)
      .on('error', () => res.destroy())
      .pipe(res);
  });
  await new Promise((resolve) => bare.listen(3988, '127.0.0.1', resolve));
  const bareFull = await load('bare node:http: GET the same file', { url: 'http://127.0.0.1:3988/', duration: 5 });
  bare.closeAllConnections();
  bare.close();
  const f = (n) => n.toFixed(1);
  const ratio = (a, b) => (a / b).toFixed(2);
  const row = (name, l, s, unit = 'req/s') => `| ${name} | ${l} ${unit} | ${s} ${unit} | ${ratio(s.valueOf(), l.valueOf())} |`;
  writeSection(
    'media-store',
    `## Media store: local disk against S3 (\`bench/media-store.mjs\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}. Two built servers in one run, SQLite, rate limits off: one on the
local driver, one on the s3 driver against a real S3-compatible server on 127.0.0.1 (@20minutes/s3rver, a file-backed
JavaScript store in its own process on the same 2 cores). Each upload is one 1600 × 1200 JPEG
(${f(jpeg.length / 1024)} KB; stored re-encoded as ${f(local.bytes / 1024)} KB plus a WebP preview); serving is autocannon, 50
connections, each GET run twice per server in turn (the better round counts), against the access-checked \`/media/…\` route, which streams the file from the store.

| measurement | local | s3 | s3 / local |
|---|---|---|---|
${row('upload p50 (one at a time)', f(local.uploadP50), f(s3.uploadP50), 'ms')}
${row('upload p95', f(local.uploadP95), f(s3.uploadP95), 'ms')}
| bare \`node:http\` streaming the same file from disk (the baseline) | ${bareFull.rps} req/s | | |
${row('GET full photo', local.full.rps, s3.full.rps)}
${row('GET preview', local.preview.rps, s3.preview.rps)}
${row('GET /api/auth/me (no file; the baseline of each server)', local.me.rps, s3.me.rps)}

- The app on the local driver serves the full photo at ${ratio(local.full.rps, bareFull.rps)} × the bare baseline's rate: at ~1 MB a file the bytes
  dominate, so the app's own work per request (session, the access rule's query, headers) does not show, and
  autocannon reading the bodies on the same 2 cores is a large part of the cost (and of the noise between runs).
- Every answer was 2xx (non-2xx: local ${local.full.non2xx + local.preview.non2xx}, s3 ${s3.full.non2xx + s3.preview.non2xx}).
- An upload is dominated by the image work (check, re-encode, preview), which is the same on both drivers; the store
  adds two PUTs. Serving from S3 costs a HEAD and a GET at the store per request, and here that store shares the two
  cores with the app and the load generator, so the s3 column is a floor: a real object store on its own machines
  takes that work off the app's box. The photos' \`Cache-Control: private, max-age=31536000, immutable\` means a
  browser asks for each file once.`,
  );
} finally {
  for (const p of procs) p.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
