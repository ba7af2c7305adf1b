import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildAdmin, buildModerator, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

const t = useTestApp();

async function threadBy(user: Awaited<ReturnType<typeof buildUser>>, title = 'Rückruf klappt nicht') {
  const res = await agentAs(t, user).post('/api/forum/threads').send({ category: 'erziehung-training', title, body: 'Was hilft euch?' }).expect(201);
  return res.body as { id: number; posts: { id: number }[] };
}

describe('forum', () => {
  it('categories are seeded in German; threads list newest activity first; a thread shows its posts', async () => {
    const a = await buildUser(t.ctx, { name: 'Frida Forum' });
    const cats = (await agentAs(t, a).get('/api/forum/categories').expect(200)).body.items;
    expect(cats.map((c: { name: string }) => c.name)).toContain('Erziehung & Training');
    const first = await threadBy(a, 'Erstes Thema');
    const second = await threadBy(a, 'Zweites Thema');
    await agentAs(t, a).post(`/api/forum/threads/${first.id}/posts`).send({ body: 'Nachtrag' }).expect(201);
    const list = (await agentAs(t, a).get('/api/forum/threads?category=erziehung-training').expect(200)).body.items.map((x: { id: number }) => x.id);
    expect(list.indexOf(first.id)).toBeLessThan(list.indexOf(second.id));
    const detail = (await agentAs(t, a).get(`/api/forum/threads/${first.id}`).expect(200)).body;
    expect(detail).toMatchObject({ title: 'Erstes Thema', post_count: 2, author: { name: 'Frida Forum' }, locked: false });
    expect(detail.posts.map((p: { body: string; is_opening: boolean }) => [p.body, p.is_opening])).toEqual([
      ['Was hilft euch?', true],
      ['Nachtrag', false],
    ]);
    await agentAs(t, a).get('/api/forum/threads?category=gibtsnicht').expect(404);
    await agentAs(t, a).get('/api/forum/threads/99999999').expect(404);
    await request(t.app).get('/api/forum/categories').expect(401);
  });

  it('limits: title 201 and 30,000 → 422, body 10,001 → 422; unverified email 403; locked thread 409', async () => {
    const a = await buildUser(t.ctx);
    const agent = agentAs(t, a);
    for (const title of ['x'.repeat(201), 'x'.repeat(30_000)])
      await agent.post('/api/forum/threads').send({ category: 'allgemeines', title, body: 'b' }).expect(422);
    await agent
      .post('/api/forum/threads')
      .send({ category: 'allgemeines', title: 't', body: 'b'.repeat(10_001) })
      .expect(422);
    await agent.post('/api/forum/threads').send({ category: 'allgemeines', title: 't', body: 'b', extra: 1 }).expect(400);
    const unverified = await buildUser(t.ctx, { email_verified_at: null });
    expect((await agentAs(t, unverified).post('/api/forum/threads').send({ category: 'allgemeines', title: 't', body: 'b' }).expect(403)).body.error.code).toBe(
      'email_not_verified',
    );
    const thread = await threadBy(a);
    await agentAs(t, unverified).get(`/api/forum/threads/${thread.id}`).expect(200); // reading is fine
    const mod = await buildModerator(t.ctx);
    await agentAs(t, a).post(`/api/moderation/threads/${thread.id}/lock`).send({}).expect(403);
    await agentAs(t, mod).post(`/api/moderation/threads/${thread.id}/lock`).send({}).expect(200);
    expect((await agent.post(`/api/forum/threads/${thread.id}/posts`).send({ body: 'Noch was' }).expect(409)).body.error.code).toBe('thread_locked');
    await agentAs(t, mod).post(`/api/moderation/threads/${thread.id}/lock`).send({ locked: false }).expect(200);
    await agent.post(`/api/forum/threads/${thread.id}/posts`).send({ body: 'Noch was' }).expect(201);
  });

  it('only the author edits; author or moderator deletes; an opening post with replies is the moderator’s to remove', async () => {
    const author = await buildUser(t.ctx);
    const other = await buildUser(t.ctx);
    const mod = await buildModerator(t.ctx);
    const thread = await threadBy(author);
    const reply = await agentAs(t, other).post(`/api/forum/threads/${thread.id}/posts`).send({ body: 'Antwort' }).expect(201);
    await agentAs(t, other).patch(`/api/forum/posts/${thread.posts[0]!.id}`).send({ body: 'fremd' }).expect(403);
    const edited = await agentAs(t, author).patch(`/api/forum/posts/${thread.posts[0]!.id}`).send({ body: 'Neu formuliert' }).expect(200);
    expect(edited.body).toMatchObject({ body: 'Neu formuliert', edited_at: expect.any(String) });
    await agentAs(t, author).delete(`/api/forum/posts/${reply.body.id}`).expect(403);
    expect((await agentAs(t, author).delete(`/api/forum/posts/${thread.posts[0]!.id}`).expect(409)).body.error.code).toBe('thread_has_replies');
    await agentAs(t, other).delete(`/api/forum/posts/${reply.body.id}`).expect(204);
    await agentAs(t, mod).delete(`/api/forum/posts/${thread.posts[0]!.id}`).expect(204);
    await agentAs(t, author).get(`/api/forum/threads/${thread.id}`).expect(404);
    await agentAs(t, author).delete('/api/forum/posts/99999999').expect(404);
  });

  it('reports reach the moderation queue (emails masked for moderators, whole for admins); hide and delete', async () => {
    const author = await buildUser(t.ctx, { email: 'autorin@example.de' });
    const reporter = await buildUser(t.ctx, { email: 'melder@example.de' });
    const mod = await buildModerator(t.ctx);
    const admin = await buildAdmin(t.ctx);
    const thread = await threadBy(author);
    const bad = await agentAs(t, author).post(`/api/forum/threads/${thread.id}/posts`).send({ body: 'Spam spam' }).expect(201);
    await agentAs(t, reporter).post(`/api/forum/posts/${bad.body.id}/report`).send({ reason: 'Werbung' }).expect(204);
    await agentAs(t, reporter).post(`/api/forum/posts/${bad.body.id}/report`).send({ reason: 'Werbung' }).expect(204); // once per person
    await agentAs(t, reporter).get('/api/moderation/reports').expect(403);
    const queue = (await agentAs(t, mod).get('/api/moderation/reports').expect(200)).body.items.filter(
      (r: { post: { id: number } }) => r.post.id === bad.body.id,
    );
    expect(queue).toHaveLength(1);
    expect(queue[0].reporter.email).not.toBe('melder@example.de');
    expect(queue[0].reporter.email).toMatch(/^m\*+@e\*+/);
    const forAdmin = (await agentAs(t, admin).get('/api/moderation/reports').expect(200)).body.items.find((r: { id: number }) => r.id === queue[0].id);
    expect(forAdmin.post.author_email).toBe('autorin@example.de');

    await agentAs(t, mod).post(`/api/moderation/reports/${queue[0].id}/resolve`).send({ action: 'hide' }).expect(204);
    const seen = (await agentAs(t, reporter).get(`/api/forum/threads/${thread.id}`).expect(200)).body.posts.find((p: { id: number }) => p.id === bad.body.id);
    expect(seen).toMatchObject({ hidden: true, body: '' });
    const modSees = (await agentAs(t, mod).get(`/api/forum/threads/${thread.id}`).expect(200)).body.posts.find((p: { id: number }) => p.id === bad.body.id);
    expect(modSees.body).toBe('Spam spam');
    expect((await agentAs(t, mod).get('/api/moderation/reports').expect(200)).body.items.find((r: { id: number }) => r.id === queue[0].id)).toBeUndefined();

    await agentAs(t, reporter).post(`/api/forum/posts/${thread.posts[0]!.id}/report`).send({ reason: 'Falsche Kategorie' }).expect(204);
    const next = (await agentAs(t, mod).get('/api/moderation/reports').expect(200)).body.items.find(
      (r: { post: { id: number } }) => r.post.id === thread.posts[0]!.id,
    );
    await agentAs(t, mod).post(`/api/moderation/reports/${next.id}/resolve`).send({ action: 'delete' }).expect(204);
    await agentAs(t, author).get(`/api/forum/threads/${thread.id}`).expect(404);
    await agentAs(t, mod).post('/api/moderation/reports/99999999/resolve').send({ action: 'dismiss' }).expect(404);
  });

  it('tells the thread’s author of others’ replies (not of their own), and every moderator and admin of a report, once', async () => {
    const author = await buildUser(t.ctx, { name: 'Frieda Frage' });
    const helper = await buildUser(t.ctx, { name: 'Hanna Hilft' });
    const reporter = await buildUser(t.ctx);
    const mod = await buildModerator(t.ctx);
    const admin = await buildAdmin(t.ctx);
    const thread = await threadBy(author, 'Leinenführigkeit');
    await agentAs(t, author).post(`/api/forum/threads/${thread.id}/posts`).send({ body: 'Noch ein Detail von mir' }).expect(201);
    const answer = await agentAs(t, helper).post(`/api/forum/threads/${thread.id}/posts`).send({ body: 'Probier Richtungswechsel!' }).expect(201);
    const inbox = async (user: { id: number }, type: string) =>
      await t.ctx.db.selectFrom('notifications').select(['title', 'body', 'url']).where('user_id', '=', user.id).where('type', '=', type).execute();
    expect(await inbox(author, 'forum_reply')).toEqual([
      { title: 'Neue Antwort: Leinenführigkeit', body: 'Hanna Hilft: Probier Richtungswechsel!', url: `/app/forum/thema/${thread.id}` },
    ]);
    expect(await inbox(helper, 'forum_reply')).toEqual([]);
    for (let i = 0; i < 2; i++) await agentAs(t, reporter).post(`/api/forum/posts/${answer.body.id}/report`).send({ reason: 'Falscher Rat' }).expect(204);
    for (const staff of [mod, admin])
      expect(await inbox(staff, 'moderation')).toEqual(
        expect.arrayContaining([{ title: 'Neue Meldung im Forum', body: 'Falscher Rat', url: '/app/admin/moderation' }]),
      );
    expect((await inbox(mod, 'moderation')).filter((n) => n.body === 'Falscher Rat')).toHaveLength(1);
    expect(await inbox(reporter, 'moderation')).toEqual([]);
  });

  it('account deletion: posts go; a thread with others’ replies stays under "Gelöschtes Konto", one without goes', async () => {
    const leaving = await buildUser(t.ctx);
    const other = await buildUser(t.ctx);
    const kept = await threadBy(leaving, 'Bleibt');
    const gone = await threadBy(leaving, 'Geht');
    await agentAs(t, other).post(`/api/forum/threads/${kept.id}/posts`).send({ body: 'Meine Antwort' }).expect(201);
    const theirs = await threadBy(other, 'Fremdes Thema');
    await agentAs(t, leaving).post(`/api/forum/threads/${theirs.id}/posts`).send({ body: 'Mein Senf' }).expect(201);
    await agentAs(t, leaving).delete('/api/me').send({ password: leaving.password }).expect(204);

    const stays = (await agentAs(t, other).get(`/api/forum/threads/${kept.id}`).expect(200)).body;
    expect(stays.author).toEqual({ id: null, name: 'Gelöschtes Konto', avatar_url: null });
    expect(stays.posts.map((p: { body: string }) => p.body)).toEqual(['Meine Antwort']);
    await agentAs(t, other).get(`/api/forum/threads/${gone.id}`).expect(404);
    expect((await agentAs(t, other).get(`/api/forum/threads/${theirs.id}`).expect(200)).body.posts.map((p: { body: string }) => p.body)).toEqual([
      'Was hilft euch?',
    ]);
  });
});
