// Photo upload benchmark (issue 54): five 12 MP phone photos through the app's diary screen in Chromium, sent as they are (before: "Originalgröße hochladen") and shrunk in the browser (now): bytes sent, the server's CPU per photo, and the time on Chromium's "Fast 4G".
// Run: npm run bench -- photo-upload   (about three minutes; writes its section of docs/performance.md). The server's
// CPU is its process's user+system time over the five uploads, less that of saving the same entry without photos
// (the baseline, measured the same way in the same run).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_BASE_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { phonePhoto } from '../test/fakes/phone-photo.mjs';
import { cpuMs, machine, registerUser, startBenchApp, stopApp, writeSection } from './lib.mjs';

const PHOTOS = 5;
const ROUNDS = 3;
const TIMEOUT = Number(process.env.PHOTO_BENCH_TIMEOUT_MS ?? 600_000);
/**
 * DevTools' "Fast 4G" preset (Fast4GConditions in devtools-frontend's NetworkManager.ts): 9 Mbit/s down and
 * 1.5 Mbit/s up, both × 0.9, and 60 ms × 2.75 latency.
 */
const FAST_4G = { offline: false, latency: 165, downloadThroughput: 1_012_500, uploadThroughput: 168_750 };
const NO_THROTTLE = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
const PORT = 3950;

const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-photos-'));
// The page posts from this origin; the server refuses writes from any other (its same-origin check).
const app = await startBenchApp(PORT, dataDir, { PUBLIC_URL: `http://127.0.0.1:${PORT}` });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_BASE_FLAGS });
const photos = await Promise.all(
  Array.from({ length: PHOTOS }, (_, i) => phonePhoto({ lat: 52.5163 + i / 1000, lon: 13.3777, takenAt: `2026:05:0${i + 1} 10:15:00` })),
);
const photoBytes = photos.reduce((sum, p) => sum + p.length, 0);

/** A phone-sized page of a new user with a dog; `original` is the device setting "Originalgröße hochladen". */
async function phone(email, original) {
  const cookie = await registerUser(app.url, email);
  const [name, value] = cookie.split('=');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  await context.addCookies([{ name, value, url: app.url }]);
  if (original) await context.addInitScript(() => localStorage.setItem('pfotenbuch.photos.original', '1'));
  // The exact multipart bodies the uploads send (Playwright does not hand out a file upload's body): the page sums
  // them as they go out.
  await context.addInitScript(() => {
    const send = XMLHttpRequest.prototype.send;
    window.uploadBytes = 0;
    XMLHttpRequest.prototype.send = function (body) {
      if (body instanceof FormData) void new Response(body).blob().then((blob) => (window.uploadBytes += blob.size));
      return send.call(this, body);
    };
  });
  const dog = await (
    await fetch(`${app.url}/api/dogs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ name: 'Luna' }) })
  ).json();
  return { context, dogId: dog.id };
}

/**
 * Saves one entry with `files` on the new-entry screen under `conditions`: the bytes the uploads sent, the server's
 * CPU from the click until the last upload's answer, and the wall time from the click to the entry's screen.
 */
async function saveEntry(user, files, conditions) {
  const page = await user.context.newPage();
  const cdp = await user.context.newCDPSession(page);
  await cdp.send('Network.enable');
  await page.goto(`${app.url}/app/tagebuch/neu?hund=${user.dogId}`);
  await page.getByLabel('Was habt ihr erlebt?').fill('Spaziergang am Tor.');
  if (files.length)
    await page.locator('#entry-photos').setInputFiles(files.map((buffer, i) => ({ name: `foto-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer })));
  await cdp.send('Network.emulateNetworkConditions', conditions);
  let answered = 0;
  let cpuAtLastAnswer = 0;
  const isUpload = (req) => req.method() === 'POST' && /\/api\/diary\/\d+\/media$/.test(new URL(req.url()).pathname);
  page.on('response', (res) => {
    if (isUpload(res.request()) && ++answered === files.length) cpuAtLastAnswer = cpuMs(app.child.pid);
  });
  const cpuBefore = cpuMs(app.child.pid);
  const started = performance.now();
  await page.getByRole('button', { name: 'Eintrag speichern' }).click();
  await page.waitForURL(/\/app\/tagebuch\/eintrag\/\d+$/, { timeout: TIMEOUT }).catch(async (error) => {
    await page.screenshot({ path: 'test-artifacts/photo-upload-bench-failed.png', fullPage: true });
    throw error;
  });
  const seconds = (performance.now() - started) / 1000;
  const sent = await page.evaluate(() => window.uploadBytes);
  const cpu = (files.length ? cpuAtLastAnswer : cpuMs(app.child.pid)) - cpuBefore;
  await page.close();
  return { sent, cpu, seconds };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

try {
  const before = await phone('vorher@example.de', true);
  const now = await phone('jetzt@example.de', false);
  // Warm-up: sharp and exifr load with the first photo, the screen's chunks with the first visit.
  await saveEntry(before, photos.slice(0, 1), NO_THROTTLE);
  await saveEntry(now, photos.slice(0, 1), NO_THROTTLE);

  const rows = { baseline: [], before: [], now: [] };
  for (let round = 0; round < ROUNDS; round++) {
    rows.baseline.push(await saveEntry(now, [], NO_THROTTLE));
    rows.before.push(await saveEntry(before, photos, NO_THROTTLE));
    rows.now.push(await saveEntry(now, photos, NO_THROTTLE));
  }
  const baselineCpu = median(rows.baseline.map((r) => r.cpu));
  const perPhoto = (list) => (median(list.map((r) => r.cpu)) - baselineCpu) / PHOTOS;
  const bytes = (list) => median(list.map((r) => r.sent));
  const onFast4g = { before: await saveEntry(before, photos, FAST_4G), now: await saveEntry(now, photos, FAST_4G) };

  const mb = (b) => (b / 1e6).toFixed(2);
  const result = {
    bytesBefore: bytes(rows.before),
    bytesNow: bytes(rows.now),
    cpuBefore: perPhoto(rows.before),
    cpuNow: perPhoto(rows.now),
  };
  const bytesRatio = result.bytesBefore / result.bytesNow;
  const cpuRatio = result.cpuBefore / result.cpuNow;
  writeSection(
    'photo-upload',
    `## Photos from the phone: shrunk before upload (\`bench/photo-upload.mjs\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()} (load ${loadavg()[0].toFixed(1)}). Built server, SQLite, Debian
Chromium at 390 px. Five 12 MP phone photos (4000 × 3000, JPEG quality 92 with GPS and time, ${mb(photoBytes)} MB together;
\`test/fakes/phone-photo.mjs\`) saved with one diary entry on the new-entry screen, ${ROUNDS} rounds, medians. "Before" is
the upload as it was (the file sent as it is; today the setting "Originalgröße hochladen"), "now" the default: shrunk in
the browser to 2560 px (JPEG 0.82) and kept by the server as it is, minus its metadata.

| | before | now | before / now |
|---|---|---|---|
| bytes sent for 5 photos | ${mb(result.bytesBefore)} MB | ${mb(result.bytesNow)} MB | **${bytesRatio.toFixed(1)} ×** (target ≥ 4 ×) |
| server CPU per photo (less the same entry without photos: ${baselineCpu.toFixed(0)} ms) | ${result.cpuBefore.toFixed(0)} ms | ${result.cpuNow.toFixed(0)} ms | **${cpuRatio.toFixed(1)} ×** (target ≥ 2 ×) |
| 5 photos on "Fast 4G" (1.5 Mbit/s up), click to entry screen | ${onFast4g.before.seconds.toFixed(1)} s | ${onFast4g.now.seconds.toFixed(1)} s | ${(onFast4g.before.seconds / onFast4g.now.seconds).toFixed(1)} × |

The server's CPU is the process's user + system time from the click until the last upload's answer.`,
  );
  console.log(JSON.stringify({ ...result, bytesRatio, cpuRatio, baselineCpu, fast4g: onFast4g }, null, 2));
} finally {
  await browser.close();
  await stopApp(app);
  rmSync(dataDir, { recursive: true, force: true });
}
