// Memory under a burst (issue 47): 4 uploads of 12 MP photos at once while the export of a large account is built,
// on a fresh server started as `npm start` starts it (scripts/start.sh's flags, --max-old-space-size included).
// Measured: peak RSS (VmHWM from /proc), against the documented 512 MB limit (docs/operations.md "Memory").
// Run: npm run bench -- memory-burst   (about a minute; IMAGE_JOBS=2 as on a 3-core box: BENCH_IMAGE_JOBS changes it)
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { START_FLAGS, machine, raiseStaff, registerUser, rssMb, startBenchApp, writeSection } from './lib.mjs';

const ENTRIES = 5_000;
const PHOTOS = 2_000;
const UPLOADS = 4;
const LIMIT_MB = 512;
const IMAGE_JOBS = process.env.BENCH_IMAGE_JOBS ?? '2';
const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-burst-'));

const status = (pid) => readFileSync(`/proc/${pid}/status`, 'utf8');
const kbOf = (pid, field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status(pid))?.[1] ?? 0);
const peakMb = (pid) => Math.round(kbOf(pid, 'VmHWM') / 1024);

/** A photo-like 12 MP JPEG (4000 × 3000): a gradient with grain, about 5 MB as a phone writes it. */
async function photo12mp() {
  const [width, height] = [4000, 3000];
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 18 } } })
    .raw()
    .toBuffer();
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      grain[i] = Math.max(0, Math.min(255, (x * 255) / width + grain[i] - 128));
      grain[i + 1] = Math.max(0, Math.min(255, (y * 255) / height + grain[i + 1] - 128));
    }
  return sharp(grain, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A stored photo of about 300 KB (what the export reads back), as bench/data-export.mjs uses. */
async function storedPhoto() {
  const noise = Buffer.alloc(1200 * 900 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
  return sharp(noise, { raw: { width: 1200, height: 900, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

function seed(userId, dogId, jpeg, adminId) {
  const db = new SQLite(join(dataDir, 'pfotenbuch.sqlite'));
  db.pragma('busy_timeout = 10000');
  const now = new Date().toISOString();
  const dir = join(dataDir, 'media', 'u', String(userId), 'dogs', String(dogId), 'diary');
  mkdirSync(dir, { recursive: true });
  db.transaction(() => {
    db.prepare("update users set rolle = 'admin' where id = ?").run(adminId);
    const e = db.prepare('insert into diary_entries (dog_id, date, title, text, author_id, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)');
    const m = db.prepare('insert into diary_media (entry_id, dog_id, url, preview_url, width, height, bytes, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)');
    for (let i = 0; i < ENTRIES; i++) {
      const date = new Date(Date.UTC(2026, 10, 20) - i * 86_400_000).toISOString().slice(0, 10);
      const id = e.run(dogId, date, `Tag ${i}`, 'Ein schöner Spaziergang am Fluss, Bello war ganz brav. '.repeat(4), userId, now, now).lastInsertRowid;
      if (i < PHOTOS) {
        const name = `burst${String(i).padStart(17, '0')}`;
        writeFileSync(join(dir, `${name}.jpg`), jpeg);
        const base = `/media/u/${userId}/dogs/${dogId}/diary/${name}`;
        m.run(id, dogId, `${base}.jpg`, `${base}_preview.webp`, 1200, 900, jpeg.length, now);
      }
    }
  })();
  db.close();
}

const exportStatus = (id) => {
  const db = new SQLite(join(dataDir, 'pfotenbuch.sqlite'), { readonly: true });
  const row = db.prepare('select status from data_exports where id = ?').get(id);
  db.close();
  return row?.status;
};

const json = (cookie) => ({ 'content-type': 'application/json', cookie });

let app;
try {
  app = await startBenchApp(3994, dataDir, { IMAGE_JOBS, RATE_LIMITS_ENABLED: 'false' });
  const pid = app.child.pid;
  const cookie = await registerUser(app.url, 'burst@example.de');
  const adminCookie = await raiseStaff(app.url, await registerUser(app.url, 'burst-admin@example.de'));
  const me = await (await fetch(`${app.url}/api/auth/me`, { headers: { cookie } })).json();
  const admin = await (await fetch(`${app.url}/api/auth/me`, { headers: { cookie: adminCookie } })).json();
  const dog = await (await fetch(`${app.url}/api/dogs`, { method: 'POST', headers: json(cookie), body: JSON.stringify({ name: 'Bello' }) })).json();
  const entry = await (
    await fetch(`${app.url}/api/dogs/${dog.id}/diary`, { method: 'POST', headers: json(cookie), body: JSON.stringify({ date: '2026-11-21', text: 'Burst' }) })
  ).json();
  seed(me.id, dog.id, await storedPhoto(), admin.id);
  const big = await photo12mp();
  const rssStart = rssMb(pid);

  // The burst: the export is asked for and its build started by the admin's "start now", then 4 uploads at once.
  const asked = await (await fetch(`${app.url}/api/me/exports`, { method: 'POST', headers: { cookie } })).json();
  const started = await fetch(`${app.url}/api/admin/jobs/exports.build/run`, { method: 'POST', headers: json(adminCookie), body: '{}' });
  if (started.status !== 202) throw new Error(`job start: ${started.status} ${await started.text()}`);
  const t0 = Date.now();
  let sampledPeak = rssStart;
  let done = false;
  const sampler = (async () => {
    while (!done) {
      sampledPeak = Math.max(sampledPeak, rssMb(pid));
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  const uploads = await Promise.all(
    Array.from({ length: UPLOADS }, async () => {
      const form = new FormData();
      form.append('files', new Blob([big], { type: 'image/jpeg' }), 'foto.jpg');
      const res = await fetch(`${app.url}/api/diary/${entry.id}/media`, { method: 'POST', headers: { cookie }, body: form });
      return res.status;
    }),
  );
  const uploadsDone = (Date.now() - t0) / 1000;
  while (!['ready', 'failed'].includes(exportStatus(asked.id))) await new Promise((r) => setTimeout(r, 100));
  const exportDone = (Date.now() - t0) / 1000;
  done = true;
  await sampler;
  const peak = peakMb(pid);
  const result = { uploads, export: exportStatus(asked.id), rssStart, sampledPeak, peak, uploadsDone, exportDone, rssEnd: rssMb(pid) };
  console.log(result);
  if (uploads.some((s) => s !== 201) || result.export !== 'ready') throw new Error('the burst did not complete');
  writeSection(
    'memory-burst',
    `## Memory under a burst: 4 photo uploads and a large export at once (\`bench/memory-burst.mjs\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()} (load ${loadavg()[0].toFixed(1)}). Built server on SQLite,
started as \`npm start\` starts it (\`${START_FLAGS.join(' ')}\`), \`IMAGE_JOBS=${IMAGE_JOBS}\` (a 3-core box's default). An
account with ${ENTRIES.toLocaleString('en')} diary entries and ${PHOTOS.toLocaleString('en')} photos asks for its export; as its
build starts, ${UPLOADS} uploads of a 12 MP photo (${(big.length / 2 ** 20).toFixed(1)} MB JPEG) arrive at once.

| | MB |
|---|---|
| RSS after start and seeding | ${rssStart} |
| peak RSS (VmHWM, the kernel's high-water mark) | **${peak}** |
| RSS at the end | ${result.rssEnd} |
| limit (docs/operations.md "Memory") | ${LIMIT_MB} |

The uploads answered after ${uploadsDone.toFixed(1)} s, the export was ready after ${exportDone.toFixed(1)} s.`,
  );
  if (peak >= LIMIT_MB) throw new Error(`peak RSS ${peak} MB is not under ${LIMIT_MB} MB`);
} finally {
  app?.child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
