import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildFriendships, buildUser, type BuiltUser } from '../../../../test/helpers/factories.js';
import { usePushTestApp } from '../../../../test/helpers/push.js';
import { allPages } from '../../../../test/helpers/paging.js';
import { daytimeClock } from '../../../../test/helpers/test-app.js';

const { t, fake, subscribe } = usePushTestApp({ clock: daytimeClock() });

const person = (name: string, extra: Parameters<typeof buildUser>[1] = {}) => buildUser(t.ctx, { name, ...extra });
const search = async (viewer: BuiltUser, q: string) =>
  (
    await agentAs(t, viewer)
      .get(`/api/users/search?q=${encodeURIComponent(q)}`)
      .expect(200)
  ).body.items.map((u: { name: string }) => u.name);

describe('user search', () => {
  it('finds public profiles by name; never private ones, blocked people (both ways) or oneself; 2 characters at least', async () => {
    const me = await person('Zora Suchtest');
    await person('Zoltan Suchtest');
    await person('Zita Suchtest', { profile_private: 1 });
    const blocked = await person('Zeno Suchtest');
    const blocker = await person('Zack Suchtest');
    await agentAs(t, me).post(`/api/users/${blocked.id}/block`).expect(204);
    await agentAs(t, blocker).post(`/api/users/${me.id}/block`).expect(204);
    expect(await search(me, 'suchtest')).toEqual(['Zoltan Suchtest']);
    await agentAs(t, me).get('/api/users/search?q=z').expect(400);
    await request(t.app).get('/api/users/search?q=zo').expect(401);
    expect(await search(me, '%_')).toEqual([]); // wildcards are literal
  });
});

describe('friend request ids', () => {
  it('are the request’s own, not the other person’s, when the two differ; accepting by that id befriends the right pair', async () => {
    // Requests between others first, so that request ids and user ids run apart.
    const a = await person('Ida Abstand');
    const b = await person('Ole Abstand');
    for (let i = 0; i < 3; i++) {
      const x = await person(`Füller ${i}`);
      await agentAs(t, a).post('/api/friends/requests').send({ user_id: x.id }).expect(201);
    }
    const sender = await person('Rita Anfrage');
    const receiver = await person('Sven Anfrage');
    await agentAs(t, sender).post('/api/friends/requests').send({ user_id: receiver.id }).expect(201);
    await agentAs(t, b).post('/api/friends/requests').send({ user_id: receiver.id }).expect(201);
    const row = await t.ctx.db
      .selectFrom('friendships')
      .select('id')
      .where('requester_id', '=', sender.id)
      .where('addressee_id', '=', receiver.id)
      .executeTakeFirstOrThrow();
    expect(row.id).not.toBe(sender.id);

    const requests = (await agentAs(t, receiver).get('/api/friends/requests').expect(200)).body;
    const fromSender = requests.incoming.find((r: { user: { id: number } }) => r.user.id === sender.id);
    expect(fromSender.id).toBe(row.id);
    const outgoing = (await agentAs(t, sender).get('/api/friends/requests').expect(200)).body.outgoing;
    expect(outgoing.map((r: { id: number }) => r.id)).toEqual([row.id]);

    await agentAs(t, receiver).post(`/api/friends/requests/${fromSender.id}/accept`).expect(200);
    const friends = (await agentAs(t, receiver).get('/api/friends').expect(200)).body.items.map((f: { user: { name: string } }) => f.user.name);
    expect(friends).toEqual(['Rita Anfrage']); // not Ole, whose request is still open
  });
});

describe('friendship states, from both sides', () => {
  it('request (push) → accept (push back) → unfriend; decline; withdraw; 400 to oneself; 409 twice; 403/404', async () => {
    const anna = await person('Anna Freund');
    const ben = await person('Ben Freund');
    const device = await subscribe(ben);
    const a = agentAs(t, anna);
    const b = agentAs(t, ben);

    await a.post('/api/friends/requests').send({ user_id: anna.id }).expect(400);
    await a.post('/api/friends/requests').send({ user_id: 99999999 }).expect(404);
    await a.post('/api/friends/requests').send({ user_id: ben.id, extra: 1 }).expect(400);
    const sent = await a.post('/api/friends/requests').send({ user_id: ben.id }).expect(201);
    expect(sent.body).toEqual({ id: expect.any(Number), status: 'pending' });
    await a.post('/api/friends/requests').send({ user_id: ben.id }).expect(409);
    await b.post('/api/friends/requests').send({ user_id: anna.id }).expect(409); // the other direction too
    await t.ctx.push.settled();
    expect(fake.receivedBy(device).map((p) => p.payload.title)).toEqual(['Neue Freundschaftsanfrage']);

    expect((await a.get('/api/friends/requests').expect(200)).body.outgoing.map((r: { user: { id: number } }) => r.user.id)).toEqual([ben.id]);
    expect((await b.get('/api/friends/requests').expect(200)).body.incoming.map((r: { user: { id: number } }) => r.user.id)).toEqual([anna.id]);
    await a.post(`/api/friends/requests/${sent.body.id}/accept`).expect(403); // the requester cannot accept
    const stranger = agentAs(t, await person('Carla Fremd'));
    await stranger.post(`/api/friends/requests/${sent.body.id}/accept`).expect(403);
    await stranger.delete(`/api/friends/requests/${sent.body.id}`).expect(403);
    await b.post('/api/friends/requests/99999999/accept').expect(404);
    const accepted = await b.post(`/api/friends/requests/${sent.body.id}/accept`).expect(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', user: { id: anna.id, name: 'Anna Freund' } });
    await b.post(`/api/friends/requests/${sent.body.id}/accept`).expect(409);
    await b.delete(`/api/friends/requests/${sent.body.id}`).expect(409);
    expect((await a.get('/api/friends').expect(200)).body.items.map((f: { user: { id: number } }) => f.user.id)).toEqual([ben.id]);
    expect((await b.get('/api/friends').expect(200)).body.items.map((f: { user: { id: number } }) => f.user.id)).toEqual([anna.id]);

    await b.delete(`/api/friends/${anna.id}`).expect(204);
    expect((await a.get('/api/friends').expect(200)).body.items).toEqual([]);
    await b.delete(`/api/friends/${anna.id}`).expect(404);

    // Decline (addressee) and withdraw (requester) delete the request; asking again works.
    const again = await a.post('/api/friends/requests').send({ user_id: ben.id }).expect(201);
    await b.delete(`/api/friends/requests/${again.body.id}`).expect(204);
    const third = await a.post('/api/friends/requests').send({ user_id: ben.id }).expect(201);
    await a.delete(`/api/friends/requests/${third.body.id}`).expect(204);
    expect((await b.get('/api/friends/requests').expect(200)).body.incoming).toEqual([]);
  });

  it('a block ends the friendship, hides both sides and refuses requests either way; unblocking lifts it', async () => {
    const a = await person('Dora Block');
    const b = await person('Emil Block');
    const req = await agentAs(t, a).post('/api/friends/requests').send({ user_id: b.id }).expect(201);
    await agentAs(t, b).post(`/api/friends/requests/${req.body.id}/accept`).expect(200);
    await agentAs(t, b).post(`/api/users/${a.id}/block`).expect(204);
    expect((await agentAs(t, a).get('/api/friends').expect(200)).body.items).toEqual([]);
    await agentAs(t, a).post('/api/friends/requests').send({ user_id: b.id }).expect(404);
    await agentAs(t, b).post('/api/friends/requests').send({ user_id: a.id }).expect(404);
    expect(await search(a, 'Block')).toEqual([]);
    await agentAs(t, b).post(`/api/users/${b.id}/block`).expect(400);
    await agentAs(t, b).delete(`/api/users/${a.id}/block`).expect(204);
    await agentAs(t, b).delete(`/api/users/${a.id}/block`).expect(404);
    await agentAs(t, a).post('/api/friends/requests').send({ user_id: b.id }).expect(201);
  });

  it('lists whom one blocked, newest first and in pages, only one’s own; unblocking takes the row away', async () => {
    const me = await person('Greta Liste');
    const [x, y, z] = [await person('Xaver Geblockt'), await person('Yvonne Geblockt'), await person('Zora Geblockt')];
    const a = agentAs(t, me);
    for (const other of [x, y, z]) await a.post(`/api/users/${other.id}/block`).expect(204);
    await agentAs(t, y).post(`/api/users/${me.id}/block`).expect(204); // blocked by someone else: not on my list
    const first = (await a.get('/api/users/blocks?limit=2').expect(200)).body as { items: { user: { name: string } }[]; next_cursor: string | null };
    expect(first.items.map((b) => b.user.name)).toEqual(['Zora Geblockt', 'Yvonne Geblockt']);
    const rest = (await a.get(`/api/users/blocks?limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`).expect(200)).body;
    expect(rest).toMatchObject({ items: [{ user: { name: 'Xaver Geblockt' } }], next_cursor: null });
    await a.delete(`/api/users/${y.id}/block`).expect(204);
    expect((await a.get('/api/users/blocks').expect(200)).body.items.map((b: { user: { id: number } }) => b.user.id)).toEqual([z.id, x.id]);
    expect((await agentAs(t, y).get('/api/users/blocks').expect(200)).body.items.map((b: { user: { id: number } }) => b.user.id)).toEqual([me.id]);
    await request(t.app).get('/api/users/blocks').expect(401);
    await a.get('/api/users/blocks?limit=0').expect(400);
  });
});

describe('friend list paging', () => {
  it('pages through more friends than one page by name, then id (equal names split across pages stay whole)', async () => {
    const me = await person('Paula Paging');
    const others: BuiltUser[] = [];
    for (let i = 0; i < 60; i++) others.push(await person(`Freund ${String(i % 20).padStart(2, '0')}`));
    const now = '2026-01-01T00:00:00.000Z';
    // both sides of the pair: half asked, half were asked
    await buildFriendships(
      t.ctx,
      others.map((o, i) => (i % 2 ? { from: me.id, to: o.id } : { from: o.id, to: me.id })),
      now,
    );
    const pages = (await allPages<{ user: { id: number } }>(agentAs(t, me), '/api/friends?limit=25')).map((p) => p.items.map((f) => f.user.id));
    expect(pages.map((p) => p.length)).toEqual([25, 25, 10]);
    const expected = [...others].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id).map((o) => o.id);
    expect(pages.flat()).toEqual(expected);
    await agentAs(t, me).get('/api/friends?cursor=xyz').expect(400);
  });
});

describe('friend request paging', () => {
  it('pages through 60 incoming and 60 outgoing requests, newest first, each side only its own', async () => {
    const me = await person('Rosa Requests');
    const others: BuiltUser[] = [];
    for (let i = 0; i < 120; i++) others.push(await person(`Anfrager ${i}`));
    const now = '2026-01-01T00:00:00.000Z';
    const ids = await buildFriendships(
      t.ctx,
      others.map((o, i) => ({ ...(i % 2 ? { from: me.id, to: o.id } : { from: o.id, to: me.id }), status: 'pending' as const })),
      now,
    );
    for (const side of ['incoming', 'outgoing'] as const) {
      const pages = (await allPages<{ id: number }>(agentAs(t, me), `/api/friends/requests/${side}?limit=25`)).map((p) => p.items.map((r) => r.id));
      expect(pages.map((p) => p.length)).toEqual([25, 25, 10]);
      const expected = ids.filter((_, i) => (side === 'incoming' ? i % 2 === 0 : i % 2 === 1)).reverse();
      expect(pages.flat()).toEqual(expected);
    }
    await request(t.app).get('/api/friends/requests/incoming').expect(401);
    // The overview: the newest `limit` of each side and every open request counted (the badge asks for one row).
    const overview = (await agentAs(t, me).get('/api/friends/requests?limit=1').expect(200)).body;
    expect(overview.incoming.map((r: { id: number }) => r.id)).toEqual([ids[118]]);
    expect(overview.outgoing.map((r: { id: number }) => r.id)).toEqual([ids[119]]);
    expect([overview.incoming_total, overview.outgoing_total]).toEqual([60, 60]);
    expect((await agentAs(t, me).get('/api/friends/requests').expect(200)).body.incoming).toHaveLength(60);
    const lonely = (await agentAs(t, others[0]!).get('/api/friends/requests?limit=1').expect(200)).body;
    expect(lonely).toMatchObject({ incoming: [], incoming_total: 0, outgoing_total: 1 });
    expect(lonely.outgoing).toHaveLength(1);
    await agentAs(t, me).get('/api/friends/requests?limit=0').expect(400);
    await request(t.app).get('/api/friends/requests').expect(401);
  });
});

describe('POST /api/friends/requests/{id}/decline', () => {
  let n = 0;
  async function incoming() {
    n += 1;
    const stranger = await person('Stefan Fremd');
    const me = await person(`Mia Empfang${n}`);
    const id = (await agentAs(t, stranger).post('/api/friends/requests').send({ user_id: me.id }).expect(201)).body.id as number;
    return { stranger, me, id };
  }
  const friendshipRow = (id: number) => t.ctx.db.selectFrom('friendships').select('id').where('id', '=', id).executeTakeFirst();
  const blockRows = (blocker: number) => t.ctx.db.selectFrom('blocks').select('blocked_id').where('blocker_id', '=', blocker).execute();

  it('is 401 without a session, 403 for the sender or a bystander, 404 for a missing request, 400 for a bad body; nothing changes', async () => {
    const { stranger, me, id } = await incoming();
    const url = `/api/friends/requests/${id}/decline`;
    await request(t.app).post(url).send({ block: true }).expect(401);
    await agentAs(t, stranger).post(url).send({ block: true }).expect(403);
    await agentAs(t, await person('Berta Beistand'))
      .post(url)
      .send({ block: true })
      .expect(403);
    await agentAs(t, me).post('/api/friends/requests/999999/decline').send({ block: true }).expect(404);
    await agentAs(t, me).post(url).send({ block: 'ja' }).expect(400);
    await agentAs(t, me).post(url).send({ block: true, grund: 'x' }).expect(400);
    expect(await friendshipRow(id)).toBeDefined();
    expect(await blockRows(me.id)).toEqual([]);
  });

  it('declines and blocks in one step: the sender can neither ask again nor write, and does not find me', async () => {
    const { stranger, me, id } = await incoming();
    await agentAs(t, me).post(`/api/friends/requests/${id}/decline`).send({ block: true }).expect(204);
    expect(await friendshipRow(id)).toBeUndefined();
    expect(await blockRows(me.id)).toEqual([{ blocked_id: stranger.id }]);
    const again = await agentAs(t, stranger).post('/api/friends/requests').send({ user_id: me.id }).expect(404);
    expect(again.body.error.message).toBe('Diese Person gibt es nicht.');
    expect((await agentAs(t, stranger).post(`/api/conversations/${me.id}/messages`).send({ text: 'Hallo?' })).status).toBeGreaterThanOrEqual(403);
    expect(await t.ctx.db.selectFrom('messages').select('id').where('sender_id', '=', stranger.id).execute()).toEqual([]);
    expect(await search(stranger, me.name)).toEqual([]);
    const blocks = (await agentAs(t, me).get('/api/users/blocks').expect(200)).body.items;
    expect(blocks.map((b: { user: { id: number } }) => b.user.id)).toEqual([stranger.id]);
  });

  it('without block it only declines: the sender may ask again', async () => {
    const { stranger, me, id } = await incoming();
    await agentAs(t, me).post(`/api/friends/requests/${id}/decline`).send({}).expect(204);
    expect(await blockRows(me.id)).toEqual([]);
    await agentAs(t, stranger).post('/api/friends/requests').send({ user_id: me.id }).expect(201);
  });

  it('an accepted request is 409 and blocks nobody; a declined one is 404', async () => {
    const { me, id } = await incoming();
    await agentAs(t, me).post(`/api/friends/requests/${id}/accept`).expect(200);
    expect((await agentAs(t, me).post(`/api/friends/requests/${id}/decline`).send({ block: true }).expect(409)).body.error.code).toBe('not_pending');
    expect(await blockRows(me.id)).toEqual([]);
    const other = await incoming();
    await agentAs(t, other.me).post(`/api/friends/requests/${other.id}/decline`).send({ block: true }).expect(204);
    await agentAs(t, other.me).post(`/api/friends/requests/${other.id}/decline`).send({ block: true }).expect(404);
  });
});
