import { describe, expect, it } from 'vitest';
import { agentAs, buildModerator, buildUser, type BuiltUser } from '../../../test/helpers/factories.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { openReports } from './index.js';

const t = useTestApp();
const HERE = { lat: 52.5219, lon: 13.4132 };

async function threadBy(user: BuiltUser, title: string) {
  const res = await agentAs(t, user).post('/api/forum/threads').send({ category: 'allgemeines', title, body: 'Erster Beitrag' }).expect(201);
  return res.body as { id: number; posts: { id: number }[] };
}
async function replyBy(user: BuiltUser, threadId: number, body: string): Promise<number> {
  return (await agentAs(t, user).post(`/api/forum/threads/${threadId}/posts`).send({ body }).expect(201)).body.id;
}
const reportsOf = (reporter: BuiltUser) =>
  t.ctx.db
    .selectFrom('content_reports')
    .select(['id', 'target_kind', 'target_id', 'status', 'action', 'resolved_by'])
    .where('reporter_id', '=', reporter.id)
    .orderBy('id')
    .execute();

describe('content reports', () => {
  it('the moderation queue holds forum posts and map items in one query, oldest first; each screen shows and settles its own kind', async () => {
    const author = await buildUser(t.ctx);
    const reporter = await buildUser(t.ctx);
    const r = agentAs(t, reporter);
    const thread = await threadBy(author, 'Welches Geschirr?');
    const reply = await replyBy(author, thread.id, 'Nur bei mir kaufen!');
    const warning = (
      await agentAs(t, author)
        .post('/api/poison-warnings')
        .send({ ...HERE, kind: 'poison', description: 'Köder am Kanal' })
        .expect(201)
    ).body;

    await r.post(`/api/forum/posts/${reply}/report`).send({ reason: 'Werbung' }).expect(204);
    await r.post(`/api/poison-warnings/${warning.id}/report`).send({ reason: 'Falschmeldung' }).expect(204);
    await r.post(`/api/forum/posts/${thread.posts[0]!.id}/report`).send({ reason: 'Falsche Kategorie' }).expect(204);

    const mine = <R extends { reporter_id: number }>(rows: R[]) => rows.filter((x) => x.reporter_id === reporter.id);
    const queue = mine(await openReports(t.ctx.db, { limit: 200 }));
    expect(queue.map((x) => [x.target_kind, x.target_id, x.reason])).toEqual([
      ['forum_posts', reply, 'Werbung'],
      ['poison_warnings', warning.id, 'Falschmeldung'],
      ['forum_posts', thread.posts[0]!.id, 'Falsche Kategorie'],
    ]);
    expect(queue[0]).toMatchObject({ reporter_id: reporter.id, reporter_name: reporter.name, reporter_email: reporter.email });
    expect(mine(await openReports(t.ctx.db, { kinds: ['poison_warnings'], limit: 200 })).map((x) => x.target_id)).toEqual([warning.id]);
    expect(await openReports(t.ctx.db, { kinds: [], limit: 200 })).toEqual([]);

    // The two screens read the same queue, each its own kind; an id of the other kind is not theirs (404).
    const mod = agentAs(t, await buildModerator(t.ctx));
    const forum = (await mod.get('/api/moderation/reports').expect(200)).body.items.filter((x: { reporter: { id: number } }) => x.reporter.id === reporter.id);
    const map = (await mod.get('/api/moderation/map-reports').expect(200)).body.items.filter(
      (x: { reporter: { id: number } }) => x.reporter.id === reporter.id,
    );
    expect(forum.map((x: { id: number }) => x.id)).toEqual([queue[0]!.id, queue[2]!.id]);
    expect(map.map((x: { id: number }) => x.id)).toEqual([queue[1]!.id]);
    await mod.post(`/api/moderation/reports/${queue[1]!.id}/resolve`).send({ action: 'dismiss' }).expect(404);
    await mod.post(`/api/moderation/map-reports/${queue[0]!.id}/resolve`).send({ action: 'dismiss' }).expect(404);
    await mod.post(`/api/moderation/map-reports/${queue[1]!.id}/resolve`).send({ action: 'dismiss' }).expect(204);
    expect(mine(await openReports(t.ctx.db, { limit: 200 })).map((x) => x.id)).toEqual([queue[0]!.id, queue[2]!.id]);
  });

  it('reports of a post that goes are closed: deleted by its author, with its thread by a moderator, with its author’s account', async () => {
    const author = await buildUser(t.ctx);
    const other = await buildUser(t.ctx);
    const reporter = await buildUser(t.ctx);
    const moderator = await buildModerator(t.ctx);
    const r = agentAs(t, reporter);
    const thread = await threadBy(author, 'Hundestrand an der Ostsee');
    const opening = thread.posts[0]!.id;
    const byAuthor = await replyBy(author, thread.id, 'Ich lösche das gleich wieder');
    const byOther = await replyBy(other, thread.id, 'Schreibt mir privat');
    for (const post of [byAuthor, opening, byOther]) await r.post(`/api/forum/posts/${post}/report`).send({ reason: 'Bitte prüfen' }).expect(204);

    await agentAs(t, author).delete(`/api/forum/posts/${byAuthor}`).expect(204);
    expect(await reportsOf(reporter)).toMatchObject([
      { target_id: byAuthor, status: 'resolved', action: 'deleted', resolved_by: author.id },
      { target_id: opening, status: 'open' },
      { target_id: byOther, status: 'open' },
    ]);

    // The account of `other` goes, and with it (cascade) the reply: its report leaves the queue.
    await agentAs(t, other).delete('/api/me').send({ password: other.password }).expect(204);
    expect((await reportsOf(reporter))[2]).toMatchObject({ target_id: byOther, status: 'resolved', action: 'deleted', resolved_by: null });

    const mod = agentAs(t, moderator);
    const queue = (await mod.get('/api/moderation/reports').expect(200)).body.items.filter((x: { reporter: { id: number } }) => x.reporter.id === reporter.id);
    expect(queue.map((x: { post: { id: number } }) => x.post.id)).toEqual([opening]);
    await mod.post(`/api/moderation/reports/${queue[0].id}/resolve`).send({ action: 'delete' }).expect(204);
    await agentAs(t, reporter).get(`/api/forum/threads/${thread.id}`).expect(404);
    expect((await reportsOf(reporter))[1]).toMatchObject({ target_id: opening, status: 'resolved', action: 'delete', resolved_by: moderator.id });
    expect((await openReports(t.ctx.db, { kinds: ['forum_posts'], limit: 200 })).filter((x) => x.reporter_id === reporter.id)).toEqual([]);
  });
});
