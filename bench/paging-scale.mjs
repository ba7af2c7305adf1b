// Keyset paging (issue 32) at 20,000 rows: one person with 20,000 friends and a conversation with each. Before, GET
// /api/friends answered the first 1,000 friends at once (everything up to its cap) and GET /api/conversations the
// newest 200 conversations plus the whole friend list (for the cards); after, both answer one page of 50 with a
// cursor. Times are the repos' queries plus building and serialising the answer (JSON.stringify), without HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { machine, timeSerialised, writeSection } from './lib.mjs';

const { openDb, migrateToLatest, friendsOf, conversationHeads, messagesByIds, unreadFromFriends, sql } = await tsImport(
  './paging-scale.entry.ts',
  import.meta.url,
);

const ROWS = 20_000;
const RUNS = 100;
const PAGE = 50;

async function seed(db) {
  const now = new Date().toISOString();
  for (let k = 0; k <= ROWS; k += 1000)
    await db
      .insertInto('users')
      .values(
        Array.from({ length: Math.min(1000, ROWS + 1 - k) }, (_, j) => ({
          email: `paging-${k + j}@bench.example`,
          name: `Bench ${String(((k + j) * 7919) % ROWS).padStart(5, '0')}`,
          password_hash: 'x',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  const ids = (await db.selectFrom('users').select('id').orderBy('id').execute()).map((r) => r.id);
  const me = ids[0];
  const others = ids.slice(1);
  for (let r = 0; r < others.length; r += 500) {
    const chunk = others.slice(r, r + 500);
    await db
      .insertInto('friendships')
      .values(chunk.map((o) => ({ requester_id: o, addressee_id: me, user_low: me, user_high: o, status: 'accepted', created_at: now, accepted_at: now })))
      .execute();
    await db
      .insertInto('messages')
      .values(chunk.map((o, i) => ({ sender_id: o, recipient_id: me, pair_low: me, pair_high: o, text: `Gassi? ${r + i}`, created_at: now })))
      .execute();
  }
  return me;
}

/** GET /api/conversations as it was: the newest 200 heads (no friend filter in SQL), the whole friend list for the cards. */
async function conversationsBefore(db, me) {
  const heads = await sql`
    select other_id, max(id) as last_id, sum(case when recipient_id = ${me} and read_at is null then 1 else 0 end) as unread
    from (
      select id, recipient_id, read_at, pair_high as other_id from messages where pair_low = ${me}
      union all
      select id, recipient_id, read_at, pair_low as other_id from messages where pair_high = ${me}
    ) mine group by other_id order by last_id desc limit 200`.execute(db);
  const friends = await friendsOf(db, me);
  const cards = new Map(friends.map((f) => [f.id, f]));
  const shown = heads.rows.filter((h) => cards.has(Number(h.other_id)));
  const last = new Map(
    (
      await messagesByIds(
        db,
        shown.map((h) => Number(h.last_id)),
      )
    ).map((m) => [m.id, m]),
  );
  const items = shown.map((h) => ({ user: cards.get(Number(h.other_id)), last_message: last.get(Number(h.last_id)), unread: Number(h.unread) }));
  return { items, unread_total: items.reduce((n, c) => n + c.unread, 0) };
}

/** GET /api/conversations now: one page (+1 for the cursor) with the cards joined, the total unread apart. */
async function conversationsAfter(db, me, before) {
  const [heads, unread] = await Promise.all([conversationHeads(db, me, PAGE + 1, before), unreadFromFriends(db, me)]);
  const page = heads.slice(0, PAGE);
  const last = await messagesByIds(
    db,
    page.map((h) => h.last_id),
  );
  const l = new Map(last.map((x) => [x.id, x]));
  return { items: page.map((h) => ({ user: h.user, last_message: l.get(h.last_id), unread: h.unread })), unread_total: unread };
}

const measure = (run) => timeSerialised(run, RUNS);

const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-paging-'));
const handle = openDb({ dataDir });
const db = handle.db;
let rows;
try {
  await migrateToLatest(db);
  const t0 = Date.now();
  const me = await seed(db);
  console.log(`seeded ${ROWS} friends and conversations in ${Date.now() - t0} ms`);
  const middleFriend = (await friendsOf(db, me, ROWS / 2))[ROWS / 2 - 1];
  const middleHead = (await conversationHeads(db, me, ROWS / 2))[ROWS / 2 - 1];
  rows = [
    ['friends', 'before: first 1,000 at once', await measure(async () => ({ items: await friendsOf(db, me) }))],
    ['friends', 'after: first page of 50', await measure(async () => ({ items: (await friendsOf(db, me, PAGE + 1)).slice(0, PAGE) }))],
    [
      'friends',
      'after: page at row 10,000',
      await measure(async () => ({ items: (await friendsOf(db, me, PAGE + 1, { n: middleFriend.name, id: middleFriend.id })).slice(0, PAGE) })),
    ],
    ['conversations', 'before: newest 200 + all friends', await measure(() => conversationsBefore(db, me))],
    ['conversations', 'after: first page of 50', await measure(() => conversationsAfter(db, me))],
    ['conversations', 'after: page at row 10,000', await measure(() => conversationsAfter(db, me, middleHead.last_id))],
  ];
  for (const [list, way, m] of rows) console.log(`${list} ${way}: p50 ${m.p50.toFixed(2)} ms, p95 ${m.p95.toFixed(2)} ms, ${m.bytes} bytes`);
} finally {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}

writeSection(
  'paging-scale',
  `## Keyset paging at 20,000 rows (bench/paging-scale.mjs, issue 32)

${new Date().toISOString().slice(0, 10)}, ${machine()}, SQLite. One person with ${ROWS.toLocaleString('en')} friends and a
conversation with each (one unread message). The repos' queries plus building and \`JSON.stringify\` of the answer,
without HTTP, ${RUNS} runs each. "before" is what the routes ran before paging: \`GET /api/friends\` answered the first
1,000 friends by name in one go (its cap; the rest were unreachable), \`GET /api/conversations\` the newest 200
conversations plus the whole friend list for the cards. "after" is one page of ${PAGE} with \`next_cursor\`.

| list | way | p50 | p95 | answer size |
|---|---|---|---|---|
${rows.map(([list, way, m]) => `| ${list} | ${way} | ${m.p50.toFixed(2)} ms | ${m.p95.toFixed(2)} ms | ${(m.bytes / 1024).toFixed(1)} KiB |`).join('\n')}

The friend list is ordered by the friend's name, which lives in \`users\`: each page still reads this person's
friendships through their index and sorts them (no index can order by a column of the joined table), so a page
costs about what the whole sort costs; what paging saves is building and sending 1,000 rows, and every friend is now
reachable. The conversation heads group all of this person's messages for every page (the newest message per
conversation is an aggregate) and now also checks each conversation's friendship in SQL and counts the unread of
all conversations apart (\`unread_total\`), so a page of 50 costs more than the old newest 200 did. The old answer
was also wrong at this size: it showed only conversations with friends among the first 1,000 by name (here a few
of the 200 newest), the rest could not be reached; now every conversation is, page by page.`,
);
