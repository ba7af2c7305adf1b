// Safety alerts by mail (issue 37): 5,000 people with a home area within 2 km and no push. Measured, in one run:
// POST /api/poison-warnings with all of them on mail (auto) against the same request with mail switched off for
// everybody (the bare baseline: the mail work happens in the job, never in the request), and the time from starting
// the job (it runs every minute, so add up to 60 s of waiting in production) to the last of the 5,000 mails arriving
// at a real SMTP receiver on 127.0.0.1.
// Run: npm run build && node bench/safety-mail.mjs   (about a minute; writes its section of docs/performance.md)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { SMTPServer } from 'smtp-server';
import { machine, percentile, raiseStaff, registerUser, rssMb, startBenchApp, writeSection } from './lib.mjs';

const PEOPLE = 5_000;
const WARNINGS_PER_SIDE = 20;
const CENTRE = { lat: 48.137, lon: 11.575 };
const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-safety-'));

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      received++;
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${smtp.server.address().port}`;

function seed(db) {
  const now = new Date().toISOString();
  const user = db.prepare(
    "insert into users (email, password_hash, name, lat, lon, email_verified_at, created_at, updated_at) values (?, 'x', ?, ?, ?, ?, ?, ?)",
  );
  db.transaction(() => {
    for (let i = 0; i < PEOPLE; i++) {
      // Spread over a square of about 3 km around the centre: everybody within the 5 km radius.
      const lat = CENTRE.lat + ((i % 71) - 35) * 0.0004;
      const lon = CENTRE.lon + (Math.floor(i / 71) - 35) * 0.0006;
      user.run(`near-${i}@bench.example`, `Halter ${i}`, lat, lon, now, now, now);
    }
  })();
}

async function postWarnings(url, cookie, n) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const res = await fetch(`${url}/api/poison-warnings`, {
      method: 'POST',
      headers: { cookie, origin: url, 'content-type': 'application/json' },
      body: JSON.stringify({ ...CENTRE, kind: 'poison', description: `Köder ${i} am Isarufer, bitte aufpassen` }),
    });
    times.push(performance.now() - started);
    if (res.status !== 201) throw new Error(`post: ${res.status} ${await res.text()}`);
  }
  return times.sort((a, b) => a - b);
}

const round = (n) => Math.round(n * 10) / 10;
let app;
try {
  app = await startBenchApp(3994, dataDir, { PUBLIC_URL: 'http://127.0.0.1:3994', SMTP_URL: smtpUrl, MAIL_FROM: 'Pfotenbuch <no-reply@bench.example>' });
  const reporter = await registerUser(app.url, 'reporter@bench.example');
  const admin = await raiseStaff(app.url, await registerUser(app.url, 'admin@bench.example'));
  const db = new SQLite(join(dataDir, 'pfotenbuch.sqlite'));
  db.pragma('busy_timeout = 10000');
  db.prepare(
    "update users set email_verified_at = ?, rolle = case when email like 'admin%' then 'admin' else rolle end where email like '%@bench.example'",
  ).run(new Date().toISOString());
  seed(db);
  await new Promise((r) => setTimeout(r, 1200)); // the session cache keeps a user for at most 1 s

  // Baseline: mail off for everybody; then the same with mail on (auto). Warm-up first.
  db.prepare("insert into notification_settings (user_id, safety_mail, updated_at) select id, 'off', '' from users where email like 'near-%'").run();
  await postWarnings(app.url, reporter, 3);
  const off = await postWarnings(app.url, reporter, WARNINGS_PER_SIDE);
  db.prepare('update notification_settings set safety_mail = null').run();
  const on = await postWarnings(app.url, reporter, WARNINGS_PER_SIDE);
  // Only the newest warning is mailed in this run: the older ones count as fanned out already.
  db.prepare(
    "insert into safety_mail_fanouts (kind, item_id, done_at) select 'poison', id, '' from poison_warnings where id < (select max(id) from poison_warnings)",
  ).run();

  const rssBefore = rssMb(app.child.pid);
  received = 0; // the two accounts' verification mails went out before
  const started = performance.now();
  const run = await fetch(`${app.url}/api/admin/jobs/safety.mail-send/run`, { method: 'POST', headers: { cookie: admin, origin: app.url } });
  if (run.status !== 202) throw new Error(`job start: ${run.status} ${await run.text()}`);
  let jobMs = null;
  while ((jobMs === null || received < PEOPLE) && performance.now() - started < 300_000) {
    await new Promise((r) => setTimeout(r, 50));
    if (jobMs === null) {
      const lease = db.prepare("select last_finished_at, owner from job_leases where name = 'safety.mail-send'").get();
      if (lease?.last_finished_at && !lease.owner) jobMs = performance.now() - started;
    }
  }
  const deliveredMs = performance.now() - started;
  const rssAfter = rssMb(app.child.pid);
  db.close();

  const p = (sorted, q) => round(percentile(sorted, q));
  const ratio = round(percentile(on, 50) / percentile(off, 50));
  console.log({ offP50: p(off, 50), onP50: p(on, 50), ratio, jobMs, deliveredMs, received, rssBefore, rssAfter });
  writeSection(
    'safety-mail',
    `## Safety alerts by mail (bench/safety-mail.mjs)

${new Date().toISOString().slice(0, 10)}, ${machine()}; SQLite, ${PEOPLE.toLocaleString('en')} people with a home area within 2 km of a poison-bait warning and no push, a real SMTP receiver on 127.0.0.1 (pooled, 5 connections).

| measure | result |
|---|---|
| POST /api/poison-warnings p50, everybody's mail off (baseline) | ${p(off, 50)} ms (p99 ${p(off, 99)} ms) |
| the same with all ${PEOPLE.toLocaleString('en')} on mail (auto) | ${p(on, 50)} ms (p99 ${p(on, 99)} ms), ratio ${ratio} |
| job \`safety.mail-send\`: recipients worked out, ${PEOPLE.toLocaleString('en')} mails queued | ${Math.round(jobMs ?? -1)} ms |
| last of the ${PEOPLE.toLocaleString('en')} mails at the receiver, from the job's start | ${Math.round(deliveredMs)} ms (${received.toLocaleString('en')} received) |
| server RSS before / after | ${rssBefore} / ${rssAfter} MB |

The request does no mail work (ratio about 1); the job runs every minute, so a mail arrives within a minute plus the
job's time after the warning. Both POST figures are dominated by the in-request push fan-out (an in-app row and the
push queue for each of the ${PEOPLE.toLocaleString('en')} people), which is older than this issue; moving it after the
answer belongs to the capacity work (issue 34).`,
  );
} finally {
  app?.child.kill();
  await new Promise((r) => smtp.close(r));
  rmSync(dataDir, { recursive: true, force: true });
}
