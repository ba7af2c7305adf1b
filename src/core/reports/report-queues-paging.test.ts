import { describe, expect, it } from 'vitest';
import { agentAs, buildModerator, buildUser, type BuiltUser } from '../../../test/helpers/factories.js';
import { allPages } from '../../../test/helpers/paging.js';
import { daytimeClock, useTestApp } from '../../../test/helpers/test-app.js';

/** The moderation queues answer a page at a time, oldest first, with next_cursor (issue 32). */

const t = useTestApp({ clock: daytimeClock() });
const NOW = '2026-01-01T00:00:00.000Z';

async function pageThrough(who: BuiltUser, url: string): Promise<number[][]> {
  const pages = await allPages<{ id: number }>(agentAs(t, who), `${url}?limit=25`);
  return pages.map((p) => p.items.map((r) => r.id));
}

const report = (kind: string, targetId: number, reporterId: number) => ({
  target_kind: kind,
  target_id: targetId,
  reporter_id: reporterId,
  reason: 'Spam',
  created_at: NOW,
});

/** Inserts the reports at once and answers their ids, in order. */
async function insertReports(rows: ReturnType<typeof report>[]): Promise<number[]> {
  return (await t.ctx.db.insertInto('content_reports').values(rows).returning('id').execute()).map((r) => r.id);
}

describe('moderation queues in pages', () => {
  it('reported people: 60 reports in pages of 25, oldest first, each once; a report of a gone person does not cut the paging short', async () => {
    const mod = await buildModerator(t.ctx);
    const reporter = await buildUser(t.ctx);
    const people: BuiltUser[] = [];
    for (let i = 0; i < 60; i++) people.push(await buildUser(t.ctx, { name: `Gemeldet ${i}` }));
    const ids = await insertReports(people.map((p) => report('users', p.id, reporter.id)));
    // The 10th report's person is gone (its report not yet closed): that page is one shorter, the next still comes.
    await t.ctx.db.updateTable('content_reports').set({ target_id: 99_999_999 }).where('id', '=', ids[9]!).execute();
    const pages = await pageThrough(mod, '/api/moderation/user-reports');
    expect(pages.map((p) => p.length)).toEqual([24, 25, 10]);
    expect(pages.flat()).toEqual(ids.filter((_, i) => i !== 9));
    await agentAs(t, reporter).get('/api/moderation/user-reports?limit=25').expect(403);
    await agentAs(t, mod).get('/api/moderation/user-reports?cursor=quatsch').expect(400);
  });

  it('reported messages: 60 reports in pages of 25, oldest first', async () => {
    const mod = await buildModerator(t.ctx);
    const a = await buildUser(t.ctx);
    const b = await buildUser(t.ctx);
    const pair = { pair_low: Math.min(a.id, b.id), pair_high: Math.max(a.id, b.id) };
    const messages = await t.ctx.db
      .insertInto('messages')
      .values(Array.from({ length: 60 }, (_, i) => ({ sender_id: a.id, recipient_id: b.id, ...pair, text: `böse ${i}`, created_at: NOW })))
      .returning('id')
      .execute();
    const ids = await insertReports(messages.map((m) => report('messages', m.id, b.id)));
    const pages = await pageThrough(mod, '/api/moderation/message-reports');
    expect(pages.map((p) => p.length)).toEqual([25, 25, 10]);
    expect(pages.flat()).toEqual(ids);
  });

  it('forum reports: 60 reports (60 people, one post) in pages of 25, oldest first', async () => {
    const mod = await buildModerator(t.ctx);
    const author = await buildUser(t.ctx);
    const thread = (
      await agentAs(t, author).post('/api/forum/threads').send({ category: 'erziehung-training', title: 'Viel gemeldet', body: 'Text' }).expect(201)
    ).body as { posts: { id: number }[] };
    const reporters: BuiltUser[] = [];
    for (let i = 0; i < 60; i++) reporters.push(await buildUser(t.ctx));
    const ids = await insertReports(reporters.map((r) => report('forum_posts', thread.posts[0]!.id, r.id)));
    const pages = await pageThrough(mod, '/api/moderation/reports');
    expect(pages.map((p) => p.length)).toEqual([25, 25, 10]);
    expect(pages.flat()).toEqual(ids);
  });

  it('map reports: 60 reports in pages of 25, oldest first (items already gone still listed)', async () => {
    const mod = await buildModerator(t.ctx);
    const reporter = await buildUser(t.ctx);
    const ids = await insertReports(Array.from({ length: 60 }, (_, i) => report('poison_warnings', 1_000_000 + i, reporter.id)));
    const pages = await pageThrough(mod, '/api/moderation/map-reports');
    expect(pages.map((p) => p.length)).toEqual([25, 25, 10]);
    expect(pages.flat()).toEqual(ids);
  });
});
