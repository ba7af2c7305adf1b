import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { agentAs, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { allPages } from '../../../../test/helpers/paging.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

const t = useTestApp();

async function family(ownerPlan: { subscription_tier?: string; is_premium?: number } = {}) {
  const owner = await buildUser(t.ctx, ownerPlan);
  const friend = await buildUser(t.ctx);
  const stranger = await buildUser(t.ctx);
  const dog = await buildDog(t.ctx, { user: owner, name: 'Luna' });
  return { owner, friend, stranger, dog };
}

describe('POST /api/dogs/{dogId}/members', () => {
  it('is 401, 400, 422, 403, 404 in the house order and stores nothing', async () => {
    const { owner, friend, stranger, dog } = await family();
    const url = `/api/dogs/${dog.id}/members`;
    await request(t.app).post(url).send({ email: friend.email }).expect(401);
    const agent = agentAs(t, owner);
    for (const body of [{}, { email: 'keine-adresse' }, { email: friend.email, role: 'owner' }]) await agent.post(url).send(body).expect(400);
    await agent.post(url).send({ email: owner.email.toUpperCase() }).expect(400);
    await agent
      .post(url)
      .send({ email: `${'a'.repeat(250)}@example.de` })
      .expect(422);
    await agentAs(t, stranger).post(url).send({ email: friend.email }).expect(403);
    await agent.post('/api/dogs/999999/members').send({ email: friend.email }).expect(404);
    expect(await t.ctx.db.selectFrom('dog_members').select('id').where('dog_id', '=', dog.id).execute()).toEqual([]);
  });

  it('invites by email (stored lower-case, pending), once per dog', async () => {
    const { owner, friend, dog } = await family();
    const agent = agentAs(t, owner);
    const res = await agent.post(`/api/dogs/${dog.id}/members`).send({ email: friend.email.toUpperCase() }).expect(201);
    expect(res.body).toMatchObject({ dog_id: dog.id, email: friend.email.toLowerCase(), role: 'caregiver', status: 'pending', accepted_at: null });
    const dup = await agent.post(`/api/dogs/${dog.id}/members`).send({ email: friend.email }).expect(409);
    expect(dup.body.error.code).toBe('already_invited');
    expect((await agent.get(`/api/dogs/${dog.id}/members`).expect(200)).body.items).toHaveLength(1);
  });
});

describe('member limit (src/shared/plans.ts)', () => {
  it('Free shares a dog with 2 people: the 3rd invitation is 422 naming Pro', async () => {
    const { owner, dog } = await family();
    const agent = agentAs(t, owner);
    for (let i = 0; i < 2; i++)
      await agent
        .post(`/api/dogs/${dog.id}/members`)
        .send({ email: `betreuer${i}@example.de` })
        .expect(201);
    const res = await agent.post(`/api/dogs/${dog.id}/members`).send({ email: 'einer-zu-viel@example.de' }).expect(422);
    expect(res.body.error).toMatchObject({
      code: 'too_many_members',
      message: 'Mit Free teilst du einen Hund mit bis zu 2 Personen. Mit Pro sind es bis zu 20.',
    });
    expect(await t.ctx.db.selectFrom('dog_members').select('id').where('dog_id', '=', dog.id).execute()).toHaveLength(2);
  });

  it('Pro allows 20 members per dog; the 21st invitation is 422', async () => {
    const owner = await buildUser(t.ctx, { subscription_tier: 'pro', is_premium: 1 });
    const dog = await buildDog(t.ctx, { user: owner });
    const agent = agentAs(t, owner);
    for (let i = 0; i < 20; i++)
      await agent
        .post(`/api/dogs/${dog.id}/members`)
        .send({ email: `betreuer${i}@example.de` })
        .expect(201);
    const res = await agent.post(`/api/dogs/${dog.id}/members`).send({ email: 'einer-zu-viel@example.de' }).expect(422);
    expect(res.body.error.code).toBe('too_many_members');
  });
});

describe('invitations: the invitee sees, accepts, declines or leaves', () => {
  it('only the invitee sees and accepts; then the friend is a caregiver', async () => {
    const { owner, friend, stranger, dog } = await family();
    const invited = await agentAs(t, owner).post(`/api/dogs/${dog.id}/members`).send({ email: friend.email }).expect(201);
    await request(t.app).get('/api/dog-invitations').expect(401);
    expect((await agentAs(t, stranger).get('/api/dog-invitations').expect(200)).body.items).toEqual([]);
    const mine = await agentAs(t, friend).get('/api/dog-invitations').expect(200);
    expect(mine.body.items).toEqual([expect.objectContaining({ id: invited.body.id, dog_name: 'Luna', status: 'pending' })]);

    await agentAs(t, friend).get(`/api/dogs/${dog.id}`).expect(403); // not before accepting
    await agentAs(t, stranger).post(`/api/dog-invitations/${invited.body.id}/accept`).expect(403);
    await agentAs(t, friend).post('/api/dog-invitations/999999/accept').expect(404);
    const accepted = await agentAs(t, friend).post(`/api/dog-invitations/${invited.body.id}/accept`).expect(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', dog_name: 'Luna' });
    const row = await t.ctx.db.selectFrom('dog_members').select(['user_id', 'accepted_at']).where('id', '=', invited.body.id).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(friend.id);
    expect(row.accepted_at).not.toBeNull();

    await agentAs(t, friend).get(`/api/dogs/${dog.id}`).expect(200);
    expect((await agentAs(t, friend).get('/api/shared-dogs').expect(200)).body.items).toEqual([
      expect.objectContaining({ id: dog.id, name: 'Luna', owner_id: owner.id }),
    ]);
    expect((await agentAs(t, stranger).get('/api/shared-dogs').expect(200)).body.items).toEqual([]);
  });

  it('tells the invitee in the app (kind family_invite, link to the invitations), never an unconfirmed address', async () => {
    const { owner, friend, dog } = await family({ subscription_tier: 'pro', is_premium: 1 }); // three invitations
    const squatter = await buildUser(t.ctx, { email_verified_at: null });
    const inv = await agentAs(t, owner).post(`/api/dogs/${dog.id}/members`).send({ email: friend.email }).expect(201);
    await agentAs(t, owner).post(`/api/dogs/${dog.id}/members`).send({ email: squatter.email }).expect(201);
    await agentAs(t, owner).post(`/api/dogs/${dog.id}/members`).send({ email: 'niemand@example.de' }).expect(201);
    const inbox = await agentAs(t, friend).get('/api/notifications').expect(200);
    expect(inbox.body.items).toEqual([
      expect.objectContaining({
        type: 'family_invite',
        title: 'Einladung zur Hundebetreuung',
        body: `${owner.name} lädt dich ein, Luna mitzubetreuen.`,
        url: '/app/familie',
      }),
    ]);
    expect((await agentAs(t, squatter).get('/api/notifications').expect(200)).body.items).toEqual([]);
    const rows = await t.ctx.db
      .selectFrom('notifications')
      .select('user_id')
      .where('type', '=', 'family_invite')
      .where('user_id', 'in', [owner.id, friend.id, squatter.id])
      .execute();
    expect(rows.map((r) => r.user_id)).toEqual([friend.id]);
    expect(inv.body.id).toBeGreaterThan(0);
  });

  it('mails every invitation, naming who invites: into the app for an account, to registration for a stranger', async () => {
    const { owner, friend, dog } = await family();
    const a = agentAs(t, owner);
    await a.post(`/api/dogs/${dog.id}/members`).send({ email: friend.email }).expect(201);
    await a.post(`/api/dogs/${dog.id}/members`).send({ email: 'Neu.Hier@Example.de' }).expect(201);
    const mailTo = (to: string) => t.mail.sent.find((m) => m.to === to);
    await vi.waitFor(() => expect(mailTo('neu.hier@example.de')).toBeDefined());
    await vi.waitFor(() => expect(mailTo(friend.email.toLowerCase())).toBeDefined());
    const known = mailTo(friend.email.toLowerCase())!;
    expect(known.subject).toBe(`${owner.name} lädt dich ein, Luna mitzubetreuen`);
    expect(known.text).toContain('http://127.0.0.1/app/familie');
    expect(known.text).not.toContain('/app/registrieren');
    const stranger = mailTo('neu.hier@example.de')!;
    expect(stranger.text).toContain('http://127.0.0.1/app/registrieren?email=neu.hier%40example.de&weiter=%2Fapp%2Ffamilie');
    // The invitee sees who invited; the owner hears once when it is accepted.
    const list = (await agentAs(t, friend).get('/api/dog-invitations').expect(200)).body.items;
    expect(list).toEqual([expect.objectContaining({ dog_name: 'Luna', invited_by_name: owner.name, status: 'pending' })]);
    await agentAs(t, friend).post(`/api/dog-invitations/${list[0].id}/accept`).expect(200);
    await agentAs(t, friend).post(`/api/dog-invitations/${list[0].id}/accept`).expect(200);
    const news = (await a.get('/api/notifications').expect(200)).body.items;
    expect(news).toEqual([
      expect.objectContaining({ type: 'family_invite', title: `${friend.name} betreut Luna jetzt mit`, url: `/app/hunde/${dog.id}/familie` }),
    ]);
    // The shared dog as the caregiver's screens need it: the whole dog and whose it is.
    const shared = (await agentAs(t, friend).get('/api/shared-dogs').expect(200)).body.items;
    expect(shared).toEqual([
      expect.objectContaining({ id: dog.id, name: 'Luna', user_id: owner.id, owner_id: owner.id, owner_name: owner.name, sex: dog.sex }),
    ]);
  });

  it('an unconfirmed account with the invited address sees and accepts nothing', async () => {
    const { owner, dog } = await family();
    const squatter = await buildUser(t.ctx, { email_verified_at: null });
    const inv = await agentAs(t, owner).post(`/api/dogs/${dog.id}/members`).send({ email: squatter.email }).expect(201);
    expect((await agentAs(t, squatter).get('/api/dog-invitations').expect(200)).body.items).toEqual([]);
    await agentAs(t, squatter).post(`/api/dog-invitations/${inv.body.id}/accept`).expect(403);
    await agentAs(t, squatter).get(`/api/dogs/${dog.id}`).expect(403);
  });

  it('the caregiver may leave, and the owner may remove a member; both end the access', async () => {
    const { owner, friend, dog } = await family();
    const second = await buildUser(t.ctx);
    const a = await agentAs(t, owner).post(`/api/dogs/${dog.id}/members`).send({ email: friend.email }).expect(201);
    const b = await agentAs(t, owner).post(`/api/dogs/${dog.id}/members`).send({ email: second.email }).expect(201);
    await agentAs(t, friend).post(`/api/dog-invitations/${a.body.id}/accept`).expect(200);
    await agentAs(t, second).post(`/api/dog-invitations/${b.body.id}/accept`).expect(200);

    await agentAs(t, friend).delete(`/api/dog-members/${b.body.id}`).expect(403); // a caregiver does not change members
    await agentAs(t, friend).delete(`/api/dog-invitations/${a.body.id}`).expect(204);
    await agentAs(t, friend).get(`/api/dogs/${dog.id}`).expect(403);
    await agentAs(t, owner).delete(`/api/dog-members/${b.body.id}`).expect(204);
    await agentAs(t, second).get(`/api/dogs/${dog.id}`).expect(403);
    await agentAs(t, owner).delete(`/api/dog-members/${b.body.id}`).expect(404);
    expect(await t.ctx.db.selectFrom('dog_members').select('id').where('dog_id', '=', dog.id).execute()).toEqual([]);
  });

  it('memberships go with the dog and with the caregiver’s account', async () => {
    const { owner, friend, dog } = await family();
    const inv = await agentAs(t, owner).post(`/api/dogs/${dog.id}/members`).send({ email: friend.email }).expect(201);
    await agentAs(t, friend).post(`/api/dog-invitations/${inv.body.id}/accept`).expect(200);
    await t.ctx.db.deleteFrom('users').where('id', '=', friend.id).execute();
    expect(await t.ctx.db.selectFrom('dog_members').select('id').where('id', '=', inv.body.id).executeTakeFirst()).toBeUndefined();
    const other = await buildUser(t.ctx);
    const inv2 = await agentAs(t, owner).post(`/api/dogs/${dog.id}/members`).send({ email: other.email }).expect(201);
    await t.ctx.db.deleteFrom('dogs').where('id', '=', dog.id).execute();
    expect(await t.ctx.db.selectFrom('dog_members').select('id').where('id', '=', inv2.body.id).executeTakeFirst()).toBeUndefined();
  });
});

describe('every health and family route', () => {
  it('is 401 without a session, except the public emergency card (taken from the OpenAPI document)', async () => {
    const doc = (await request(t.app).get('/api/openapi.json').expect(200)).body as { paths: Record<string, Record<string, { tags?: string[] }>> };
    const ours = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.tags?.some((tag) => tag === 'Gesundheit' || tag === 'Familie'))
        .map(([method, op]) => ({
          method,
          path: path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'file' ? 'AAAAAAAAAAAAAAAAAAAAAA.pdf' : '1')),
          op,
        })),
    );
    expect(ours.length).toBeGreaterThan(40);
    for (const { method, path } of ours) {
      const res = await request(t.app)[method as 'get'](path).send({});
      expect(res.status, `${method.toUpperCase()} ${path}`).toBe(401);
    }
  });
});

describe('GET /api/dog-invitations in pages', () => {
  it('pages through 60 invitations newest first; another address sees none of them', async () => {
    const owner = await buildUser(t.ctx);
    const friend = await buildUser(t.ctx);
    const other = await buildUser(t.ctx);
    const dogs = [];
    for (let i = 0; i < 60; i++) dogs.push(await buildDog(t.ctx, { user: owner, name: `Hund ${i}` }));
    const now = '2026-01-01T00:00:00.000Z';
    const ids = (
      await t.ctx.db
        .insertInto('dog_members')
        .values(dogs.map((d) => ({ dog_id: d.id, email: friend.email, role: 'caregiver', invited_by: owner.id, created_at: now })))
        .returning('id')
        .execute()
    ).map((r) => r.id);
    const pages = (await allPages<{ id: number }>(agentAs(t, friend), '/api/dog-invitations?limit=25')).map((p) => p.items.map((i) => i.id));
    expect(pages.map((p) => p.length)).toEqual([25, 25, 10]);
    expect(pages.flat()).toEqual([...ids].reverse());
    expect((await agentAs(t, other).get('/api/dog-invitations').expect(200)).body).toEqual({ items: [], next_cursor: null });
  });
});

describe('GET /api/shared-dogs in pages', () => {
  it('pages through 55 shared dogs by id without gaps; pending ones and other people see none; bad cursor 400; 401', async () => {
    const owner = await buildUser(t.ctx);
    const friend = await buildUser(t.ctx);
    const other = await buildUser(t.ctx);
    const dogs = [];
    for (let i = 0; i < 57; i++) dogs.push(await buildDog(t.ctx, { user: owner, name: `Hund ${i}` }));
    const now = '2026-01-01T00:00:00.000Z';
    // 55 accepted, the last two only invited (not shared yet).
    await t.ctx.db
      .insertInto('dog_members')
      .values(
        dogs.map((d, i) => ({
          dog_id: d.id,
          email: friend.email,
          user_id: i < 55 ? friend.id : null,
          accepted_at: i < 55 ? now : null,
          role: 'caregiver',
          invited_by: owner.id,
          created_at: now,
        })),
      )
      .execute();
    const shared = (await allPages<{ id: number; owner_name: string }>(agentAs(t, friend), '/api/shared-dogs?limit=20')).map((p) => p.items);
    expect(shared.flat().every((d) => d.owner_name === owner.name)).toBe(true);
    const pages = shared.map((items) => items.map((d) => d.id));
    expect(pages.map((p) => p.length)).toEqual([20, 20, 15]);
    expect(pages.flat()).toEqual(dogs.slice(0, 55).map((d) => d.id));
    // Without `limit` a page holds 50 (the dog pickers ask for 200 at once).
    expect((await agentAs(t, friend).get('/api/shared-dogs').expect(200)).body.items).toHaveLength(50);
    expect((await agentAs(t, other).get('/api/shared-dogs').expect(200)).body).toEqual({ items: [], next_cursor: null });
    const bad = await agentAs(t, friend).get('/api/shared-dogs?cursor=kaputt').expect(400);
    expect(JSON.stringify(bad.body)).toContain('Ungültiger Cursor.');
    await request(t.app).get('/api/shared-dogs').expect(401);
  });
});
