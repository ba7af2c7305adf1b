// Backup benchmark (issue 36): a 2,000-user SQLite installation (2,000 dogs, 300,000 diary entries, 2,000 photos)
// is backed up by the nightly job inside the running server ("Jetzt sichern"), then restored with the CLI. Measured:
// snapshot time and size, restore time, and GET /api/auth/me p99 during the snapshot (target under 50 ms) against
// the same request with the server idle (the bare baseline of this run). Rows and photo files go straight into the
// app's SQLite file and media folder.
// Run: npm run build && node bench/backup.mjs   (about a minute)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { machine, percentile, raiseStaff, registerUser, rssMb, startBenchApp, timedGet, writeSection } from './lib.mjs';

const USERS = 2_000;
const ENTRIES_PER_USER = 150;
const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-backup-'));
const dbFile = join(dataDir, 'pfotenbuch.sqlite');

/** A photo of about 145 KB (noise compresses badly, like a real picture). */
async function photo() {
  const noise = Buffer.alloc(640 * 480 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
  return sharp(noise, { raw: { width: 640, height: 480, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Copies the registered user and its dog 2,000 times, each with 150 diary entries and one photo. */
function seed(templateUserId, templateDogId, jpeg) {
  const db = new SQLite(dbFile);
  db.pragma('busy_timeout = 10000');
  const columns = (table) =>
    db
      .prepare(`pragma table_info(${table})`)
      .all()
      .map((c) => c.name)
      .filter((c) => c !== 'id');
  const userCols = columns('users');
  const dogCols = columns('dogs');
  const copyUser = db.prepare(
    `insert into users (${userCols.join(', ')}) select ${userCols.map((c) => (c === 'email' ? '?' : c)).join(', ')} from users where id = ?`,
  );
  const copyDog = db.prepare(
    `insert into dogs (${dogCols.join(', ')}) select ${dogCols.map((c) => (c === 'user_id' ? '?' : c)).join(', ')} from dogs where id = ?`,
  );
  const entry = db.prepare('insert into diary_entries (dog_id, date, title, text, author_id, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)');
  const media = db.prepare('insert into diary_media (entry_id, dog_id, url, preview_url, width, height, bytes, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)');
  const now = new Date().toISOString();
  db.transaction(() => {
    for (let u = 0; u < USERS; u++) {
      const userId = Number(copyUser.run(`halter${u}@example.de`, templateUserId).lastInsertRowid);
      const dogId = Number(copyDog.run(userId, templateDogId).lastInsertRowid);
      let first;
      for (let i = 0; i < ENTRIES_PER_USER; i++) {
        const date = new Date(Date.UTC(2026, 10, 20) - i * 86_400_000).toISOString().slice(0, 10);
        const id = entry.run(dogId, date, `Tag ${i}`, 'Ein schöner Spaziergang am Fluss, Bello war ganz brav. '.repeat(3), userId, now, now).lastInsertRowid;
        first ??= id;
      }
      const dir = join(dataDir, 'media', 'u', String(userId), 'dogs', String(dogId), 'diary');
      mkdirSync(dir, { recursive: true });
      const name = `bench${String(u).padStart(17, '0')}`;
      writeFileSync(join(dir, `${name}.jpg`), jpeg);
      const base = `/media/u/${userId}/dogs/${dogId}/diary/${name}`;
      media.run(first, dogId, `${base}.jpg`, `${base}_preview.webp`, 640, 480, jpeg.length, now);
    }
  })();
  const rows = db
    .prepare(
      'select sum(n) as n from (select count(*) as n from users union all select count(*) from dogs union all select count(*) from diary_entries union all select count(*) from diary_media)',
    )
    .get().n;
  db.prepare("update users set rolle = 'admin' where email = 'admin@example.de'").run();
  db.close();
  return rows;
}

async function meSamples(url, cookie, until) {
  const times = [];
  while (!until()) times.push((await timedGet(`${url}/api/auth/me`, cookie)).ms);
  return times.sort((a, b) => a - b);
}

async function login(url, email) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-passwort' }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (res.status !== 200 || !cookie) throw new Error(`login failed: ${res.status}`);
  return cookie;
}

const procs = [];
try {
  const env = { BACKUP_ENABLED: 'false' }; // only the "Jetzt sichern" run below
  let app = await startBenchApp(3995, dataDir, env);
  procs.push(app.child);
  const cookie = await registerUser(app.url, 'bench@example.de');
  await registerUser(app.url, 'admin@example.de');
  const me = await (await fetch(`${app.url}/api/auth/me`, { headers: { cookie } })).json();
  const dog = await (
    await fetch(`${app.url}/api/dogs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ name: 'Bello' }) })
  ).json();
  const rows = seed(me.id, dog.id, await photo());
  const admin = await raiseStaff(app.url, await login(app.url, 'admin@example.de'));

  const idleEnd = Date.now() + 8_000;
  for (let i = 0; i < 50; i++) await timedGet(`${app.url}/api/auth/me`, cookie); // warm-up
  const idle = await meSamples(app.url, cookie, () => Date.now() > idleEnd);

  const started = await fetch(`${app.url}/api/admin/jobs/backup.snapshot/run`, { method: 'POST', headers: { cookie: admin } });
  if (started.status !== 202) throw new Error(`backup not started: ${started.status} ${await started.text()}`);
  let status;
  let done = false;
  let peakRss = 0;
  const watcher = (async () => {
    while (!done) {
      status = await (await fetch(`${app.url}/api/admin/backups`, { headers: { cookie: admin } })).json();
      peakRss = Math.max(peakRss, rssMb(app.child.pid));
      done = status.last_run.finished_at !== null;
      if (!done) await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const during = await meSamples(app.url, cookie, () => done);
  await watcher;
  if (status.last_run.status !== 'ok') throw new Error(`backup failed: ${status.last_run.error}`);
  const snapshot = status.snapshots[0];
  const manifest = JSON.parse(readFileSync(join(dataDir, 'backups', snapshot.name, 'manifest.json'), 'utf8'));

  app.child.kill('SIGTERM');
  await new Promise((r) => app.child.once('exit', r));
  procs.length = 0;
  const restoreStart = Date.now();
  const restore = spawnSync(process.execPath, ['dist/cli.js', 'restore', snapshot.name], {
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'warn', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123' },
    encoding: 'utf8',
  });
  const restoreMs = Date.now() - restoreStart;
  if (restore.status !== 0) throw new Error(`restore failed: ${restore.stderr}`);
  app = await startBenchApp(3995, dataDir, env);
  procs.push(app.child);
  const after = await (await fetch(`${app.url}/api/auth/me`, { headers: { cookie: await login(app.url, 'bench@example.de') } })).json();
  if (after.id !== me.id) throw new Error('restored database lost the user');

  const mb = (b) => (b / 1024 / 1024).toFixed(1);
  const p = (s, q) => percentile(s, q).toFixed(1);
  const markdown = `
## Backup and restore (bench/backup.mjs)

${machine()}, load ${loadavg()[0].toFixed(1)} at the end. SQLite, ${USERS.toLocaleString('en')} users with a dog,
${(USERS * ENTRIES_PER_USER).toLocaleString('en')} diary entries and ${USERS.toLocaleString('en')} photos (${rows.toLocaleString('en')}
rows); the snapshot is the nightly job started with "Jetzt sichern" inside the serving process; the restore is
\`npm run cli -- restore\` with the app stopped.

| measure | value |
|---|---|
| snapshot (database copy in a worker thread, ${manifest.media.files.length} photos linked and hashed, manifest) | ${(manifest.duration_ms / 1000).toFixed(1)} s |
| snapshot size (database ${mb(manifest.database.size)} MB + media) | ${mb(manifest.size_bytes)} MB |
| restore (checksums, database and media back, migrations) | ${(restoreMs / 1000).toFixed(1)} s |
| GET /api/auth/me idle: p50 / p99 (${idle.length} requests) | ${p(idle, 50)} / ${p(idle, 99)} ms |
| GET /api/auth/me during the snapshot: p50 / p99 (${during.length} requests) | ${p(during, 50)} / ${p(during, 99)} ms |
| server RSS, peak during the snapshot | ${peakRss} MB |
`;
  writeSection('backup', markdown);
  console.log(markdown);
} finally {
  for (const child of procs) child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
