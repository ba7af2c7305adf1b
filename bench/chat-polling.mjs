// Chat polling (issue 13): 500 people with an open chat poll every 3 s (167 polls a second, spread over 500
// conversations) while 20 of them send a message every 3 s: p99 of the poll and of the send, and the server's CPU
// per 1,000 polls. The bare baseline of the same run is the Express hello world polled at the same rate.
// Run: npm run build && node bench/chat-polling.mjs   (about a minute; writes its section of docs/performance.md)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { cpuMs, machine, registerUser, startBenchApp, startForked, writeSection } from './lib.mjs';

const PEOPLE = 40; // each befriends the next 13 (no pair twice while 13 < 40 / 2): 520 conversations, 500 of them polled
const POLLERS = 500;
const SENDERS = 20;
const PERIOD_S = 3;
const DURATION_S = 20;
const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-chat-'));

function run(options) {
  return new Promise((resolve, reject) =>
    autocannon({ duration: DURATION_S, connections: 50, ...options }, (err, result) => (err ? reject(err) : resolve(result))),
  );
}

const hello = await startForked('bench/servers/express-hello.mjs');
const app = await startBenchApp(4731, dataDir);
try {
  const cookies = [];
  for (let i = 0; i < PEOPLE; i++) cookies.push(await registerUser(app.url, `chat${i}@bench.example`));
  const db = new SQLite(join(dataDir, 'pfotenbuch.sqlite'));
  const ids = db
    .prepare('select id from users order by id')
    .all()
    .map((r) => r.id);
  const now = new Date().toISOString();
  db.prepare('update users set email_verified_at = ?').run(now);
  const befriend = db.prepare(
    "insert into friendships (requester_id, addressee_id, user_low, user_high, status, created_at, accepted_at) values (?, ?, ?, ?, 'accepted', ?, ?)",
  );
  const say = db.prepare('insert into messages (sender_id, recipient_id, pair_low, pair_high, text, created_at) values (?, ?, ?, ?, ?, ?)');
  const pairs = [];
  db.transaction(() => {
    for (let i = 0; i < PEOPLE; i++)
      for (let k = 1; k <= 13 && pairs.length < 520; k++) {
        const j = (i + k) % PEOPLE;
        const [a, b] = [ids[i], ids[j]];
        befriend.run(a, b, Math.min(a, b), Math.max(a, b), now, now);
        for (let m = 0; m < 30; m++) say.run(a, b, Math.min(a, b), Math.max(a, b), `Nachricht ${m}`, now); // some history
        pairs.push([i, j]);
      }
  })();
  db.close();
  const lastId = 30 * pairs.length;
  // Each poll asks one conversation for what came after the newest message the poller has.
  const polls = pairs
    .slice(0, POLLERS)
    .map(([i, j]) => ({ method: 'GET', path: `/api/conversations/${ids[j]}/messages?after=${lastId}`, headers: { cookie: cookies[i] } }));
  const sends = pairs.slice(0, SENDERS).map(([i, j]) => ({
    method: 'POST',
    path: `/api/conversations/${ids[j]}/messages`,
    headers: { cookie: cookies[i], 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'Gassi um fünf?' }),
  }));
  let p = 0;
  let s = 0;
  const pollRate = Math.round(POLLERS / PERIOD_S);
  const sendRate = Math.max(1, Math.round(SENDERS / PERIOD_S));

  const bare = await run({ url: `http://127.0.0.1:${hello.port}/`, overallRate: pollRate });
  const cpuBefore = cpuMs(app.child.pid);
  const [pollResult, sendResult] = await Promise.all([
    run({ url: app.url, overallRate: pollRate, requests: [{ setupRequest: (r) => ({ ...r, ...polls[p++ % polls.length] }) }] }),
    run({ url: app.url, connections: SENDERS, overallRate: sendRate, requests: [{ setupRequest: (r) => ({ ...r, ...sends[s++ % sends.length] }) }] }),
  ]);
  const cpu = cpuMs(app.child.pid) - cpuBefore;
  const pollCount = pollResult.requests.total;
  const perThousand = (cpu / (pollCount + sendResult.requests.total)) * 1000;
  const line = (name, r) => `| ${name} | ${r.requests.total.toLocaleString('en')} | ${r.latency.p50} ms | ${r.latency.p99} ms | ${r.non2xx} |`;
  console.log(
    `bare: p99 ${bare.latency.p99} ms; poll: p99 ${pollResult.latency.p99} ms (${pollCount} polls, non-2xx ${pollResult.non2xx}); send: p99 ${sendResult.latency.p99} ms (${sendResult.requests.total}, non-2xx ${sendResult.non2xx}); CPU ${perThousand.toFixed(0)} ms per 1,000 requests`,
  );
  writeSection(
    'chat-polling',
    `## Chat polling (bench/chat-polling.mjs)

${new Date().toISOString().slice(0, 10)}, ${machine()}, SQLite file, autocannon in the same machine. ${POLLERS} open chats poll every
${PERIOD_S} s (${pollRate} polls a second over ${POLLERS} conversations with 30 messages each, nothing new: the answer is an empty list)
while ${SENDERS} people send a message every ${PERIOD_S} s, for ${DURATION_S} s. The baseline is the Express hello world at the same rate.

| run | requests | p50 | p99 | non-2xx |
|---|---|---|---|---|
${line('Express hello world (baseline)', bare)}
${line('GET /api/conversations/{id}/messages?after=', pollResult)}
${line('POST /api/conversations/{id}/messages', sendResult)}

Server CPU: ${perThousand.toFixed(0)} ms per 1,000 requests (polls and sends together), i.e. ${((perThousand * pollRate) / 1000 / 10).toFixed(1)} % of one core for
${POLLERS} people chatting. A poll is the session check plus the friendship check and one range on the (pair_low, pair_high, id)
index.`,
  );
} finally {
  app.child.kill();
  hello.child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
