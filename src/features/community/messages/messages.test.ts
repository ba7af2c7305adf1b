import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildFriendships, buildUser, type BuiltUser } from '../../../../test/helpers/factories.js';
import { usePushTestApp } from '../../../../test/helpers/push.js';
import { allPages } from '../../../../test/helpers/paging.js';
import { daytimeClock, useTestApp } from '../../../../test/helpers/test-app.js';

const { t, fake, subscribe } = usePushTestApp({ clock: daytimeClock() });

async function friends(): Promise<[BuiltUser, BuiltUser]> {
  const a = await buildUser(t.ctx, { name: 'Mara Chat' });
  const b = await buildUser(t.ctx, { name: 'Nils Chat' });
  const req = await agentAs(t, a).post('/api/friends/requests').send({ user_id: b.id }).expect(201);
  await agentAs(t, b).post(`/api/friends/requests/${req.body.id}/accept`).expect(200);
  return [a, b];
}

describe('direct messages', () => {
  it('between friends: send (push with the deep link, once per unread burst), poll with after, read markers, conversations', async () => {
    const [mara, nils] = await friends();
    const device = await subscribe(nils);
    const m = agentAs(t, mara);
    const n = agentAs(t, nils);
    const first = await m.post(`/api/conversations/${nils.id}/messages`).send({ text: 'Hallo Nils!\nGassi um 5?' }).expect(201);
    await m.post(`/api/conversations/${nils.id}/messages`).send({ text: 'Am Park.' }).expect(201);
    await t.ctx.push.settled();
    const pushes = fake.receivedBy(device);
    expect(pushes).toHaveLength(1); // the second line of the burst does not push again
    expect(pushes[0]?.payload).toMatchObject({ title: 'Nachricht von Mara Chat', url: `/app/nachrichten/${mara.id}` });

    const all = await n.get(`/api/conversations/${mara.id}/messages`).expect(200);
    expect(all.body.items.map((x: { text: string }) => x.text)).toEqual(['Hallo Nils!\nGassi um 5?', 'Am Park.']);
    const last = all.body.items[1].id;
    // Polling: nothing new is an empty list; the same answer again is 304 with the ETag.
    const empty = await n.get(`/api/conversations/${mara.id}/messages?after=${last}`).expect(200);
    expect(empty.body.items).toEqual([]);
    await n.get(`/api/conversations/${mara.id}/messages?after=${last}`).set('If-None-Match', String(empty.headers.etag)).expect(304);
    expect((await n.get(`/api/conversations/${mara.id}/messages?after=${first.body.id}`).expect(200)).body.items).toHaveLength(1);

    const convs = await n.get('/api/conversations').expect(200);
    expect(convs.body).toMatchObject({ unread_total: 2, items: [{ user: { id: mara.id }, unread: 2, last_message: { text: 'Am Park.' } }] });
    expect((await n.post(`/api/conversations/${mara.id}/read`).expect(200)).body).toEqual({ marked: 2 });
    expect((await n.get('/api/conversations').expect(200)).body.unread_total).toBe(0);

    // After reading, the next message pushes again.
    await m.post(`/api/conversations/${nils.id}/messages`).send({ text: 'Und?' }).expect(201);
    await t.ctx.push.settled();
    expect(fake.receivedBy(device)).toHaveLength(2);
  });

  it('401 without session, 403 for strangers (read and write), 404 for nobody, 422 over 10,000 characters, 403 unverified', async () => {
    const [a, b] = await friends();
    const stranger = await buildUser(t.ctx);
    await request(t.app).get(`/api/conversations/${b.id}/messages`).expect(401);
    await agentAs(t, stranger).get(`/api/conversations/${a.id}/messages`).expect(403);
    await agentAs(t, stranger).post(`/api/conversations/${a.id}/messages`).send({ text: 'Hi' }).expect(403);
    await agentAs(t, a).get('/api/conversations/99999999/messages').expect(404);
    await agentAs(t, a)
      .post(`/api/conversations/${b.id}/messages`)
      .send({ text: 'x'.repeat(10_001) })
      .expect(422);
    await agentAs(t, a)
      .post(`/api/conversations/${b.id}/messages`)
      .send({ text: 'x'.repeat(10_000) })
      .expect(201);
    await agentAs(t, a).post(`/api/conversations/${b.id}/messages`).send({ text: '   ' }).expect(400);
    await t.ctx.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', a.id).execute();
    const res = await agentAs(t, a).post(`/api/conversations/${b.id}/messages`).send({ text: 'Hi' }).expect(403);
    expect(res.body.error.code).toBe('email_not_verified');
    // Reading stays allowed.
    await agentAs(t, a).get(`/api/conversations/${b.id}/messages`).expect(200);
  });

  it('pages back through a long conversation with next_cursor (each page oldest first), while after= still polls', async () => {
    const [a, b] = await friends();
    const rows = Array.from({ length: 125 }, (_, i) => ({
      sender_id: i % 2 ? a.id : b.id,
      recipient_id: i % 2 ? b.id : a.id,
      pair_low: Math.min(a.id, b.id),
      pair_high: Math.max(a.id, b.id),
      text: `m${i}`,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    }));
    await t.ctx.db.insertInto('messages').values(rows).execute();
    const seen = (await allPages<{ text: string }>(agentAs(t, a), `/api/conversations/${b.id}/messages?limit=50`)).map((p) => p.items.map((m) => m.text));
    expect(seen.map((p) => p.length)).toEqual([50, 50, 25]);
    expect(seen[0]![0]).toBe('m75'); // the newest page, oldest first within it
    expect(seen.reverse().flat()).toEqual(rows.map((r) => r.text));

    const first = await agentAs(t, a).get(`/api/conversations/${b.id}/messages`).expect(200);
    const lastId = first.body.items[49].id;
    await agentAs(t, b).post(`/api/conversations/${a.id}/messages`).send({ text: 'neu' }).expect(201);
    const polled = await agentAs(t, a).get(`/api/conversations/${b.id}/messages?after=${lastId}`).expect(200);
    expect(polled.body).toMatchObject({ items: [{ text: 'neu' }], next_cursor: null });
    const both = await agentAs(t, a).get(`/api/conversations/${b.id}/messages?after=${lastId}&cursor=${first.body.next_cursor}`).expect(400);
    expect(both.body.error.message).toBeTruthy();
    await agentAs(t, a).get(`/api/conversations/${b.id}/messages?cursor=kaputt`).expect(400);
  });

  it('pages through more conversations than one page, newest first; unread_total counts them all; ex-friends drop out', async () => {
    const me = await buildUser(t.ctx, { name: 'Viel Post' });
    const others = [];
    for (let i = 0; i < 61; i++) others.push(await buildUser(t.ctx, { name: `Schreiber ${i}` }));
    const now = '2026-01-01T00:00:00.000Z';
    await buildFriendships(
      t.ctx,
      others.slice(0, 60).map((o) => ({ from: o.id, to: me.id })),
      now,
    );
    // One message from each, the 61st (not a friend) included; then a second from the first, which moves to the top.
    const message = (o: BuiltUser, text: string) => ({
      sender_id: o.id,
      recipient_id: me.id,
      pair_low: Math.min(me.id, o.id),
      pair_high: Math.max(me.id, o.id),
      text,
      created_at: now,
    });
    await t.ctx.db
      .insertInto('messages')
      .values([...others.map((o, i) => message(o, `von ${i}`)), message(others[0]!, 'nochmal')])
      .execute();
    const conversations = await allPages<{ user: { id: number } }>(agentAs(t, me), '/api/conversations?limit=25');
    for (const page of conversations) expect(page.unread_total).toBe(61); // 60 friends, the first with two
    const pages = conversations.map((p) => p.items.map((c) => c.user.id));
    expect(pages.map((p) => p.length)).toEqual([25, 25, 10]);
    expect(pages.flat()).toEqual([
      others[0]!.id,
      ...others
        .slice(1, 60)
        .reverse()
        .map((o) => o.id),
    ]);
  });

  it('each page names the partner, also a friend beyond the first 200 of the friends list (the chat heading)', async () => {
    const me = await buildUser(t.ctx, { name: 'Hanne Herzlich' });
    const many = [];
    for (let i = 0; i < 200; i++) many.push(await buildUser(t.ctx, { name: `Anna ${String(i).padStart(3, '0')}` }));
    const zora = await buildUser(t.ctx, { name: 'Zora Zuletzt', city: 'Kiel' });
    const now = '2026-01-01T00:00:00.000Z';
    await buildFriendships(
      t.ctx,
      [...many, zora].map((o) => ({ from: o.id, to: me.id })),
      now,
    );
    const a = agentAs(t, me);
    // The friends list's first 200 (by name) do not reach her: a lookup there found no name.
    const friends = await a.get('/api/friends?limit=200').expect(200);
    expect(friends.body.items.map((f: { user: { id: number } }) => f.user.id)).not.toContain(zora.id);

    const card = { id: zora.id, name: 'Zora Zuletzt', avatar_url: null, city: 'Kiel' };
    const empty = await a.get(`/api/conversations/${zora.id}/messages`).expect(200);
    expect(empty.body).toEqual({ items: [], next_cursor: null, partner: card });
    const sent = await agentAs(t, zora).post(`/api/conversations/${me.id}/messages`).send({ text: 'Moin!' }).expect(201);
    expect((await a.get(`/api/conversations/${zora.id}/messages?after=${sent.body.id - 1}`).expect(200)).body).toMatchObject({
      items: [{ id: sent.body.id }],
      partner: card,
    });
    // From her side the partner is me.
    expect((await agentAs(t, zora).get(`/api/conversations/${me.id}/messages`).expect(200)).body.partner).toMatchObject({ id: me.id, name: 'Hanne Herzlich' });
    // A stranger learns nothing: 403 without a card, 404 for nobody.
    const stranger = await buildUser(t.ctx, { name: 'Fremde Frieda' });
    const refused = await a.get(`/api/conversations/${stranger.id}/messages`).expect(403);
    expect(JSON.stringify(refused.body)).not.toContain('Frieda');
    expect(refused.body.error.code).toBe('not_friends');
    await a.get('/api/conversations/99999999/messages').expect(404);
  });

  it('a stranger never reads a conversation, and unfriending closes it', async () => {
    const [a, b] = await friends();
    await agentAs(t, a).post(`/api/conversations/${b.id}/messages`).send({ text: 'geheim' }).expect(201);
    await agentAs(t, b).delete(`/api/friends/${a.id}`).expect(204);
    await agentAs(t, a).get(`/api/conversations/${b.id}/messages`).expect(403);
    expect((await agentAs(t, a).get('/api/conversations').expect(200)).body.items).toEqual([]);
  });
});

describe('message rate limit', () => {
  const limited = useTestApp({ clock: daytimeClock(), env: { RATE_LIMITS_ENABLED: 'true' } });
  it('stops a sender after 30 messages a minute (429)', async () => {
    const a = await buildUser(limited.ctx);
    const b = await buildUser(limited.ctx);
    const req = await agentAs(limited, a).post('/api/friends/requests').send({ user_id: b.id }).expect(201);
    await agentAs(limited, b).post(`/api/friends/requests/${req.body.id}/accept`).expect(200);
    for (let i = 0; i < 30; i++)
      await agentAs(limited, a)
        .post(`/api/conversations/${b.id}/messages`)
        .send({ text: `${i}` })
        .expect(201);
    await agentAs(limited, a).post(`/api/conversations/${b.id}/messages`).send({ text: 'spam' }).expect(429);
  });
});
