import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildAdmin, buildModerator, buildUpgradeRequest, buildUser } from '../../../../test/helpers/factories.js';
import { allPages } from '../../../../test/helpers/paging.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

const t = useTestApp();

const tierOf = (id: number) => t.ctx.db.selectFrom('users').select(['subscription_tier', 'is_premium']).where('id', '=', id).executeTakeFirstOrThrow();

async function submit(user: { id: number; token_version: number }, tier = 'pro') {
  return (await agentAs(t, user).post('/api/upgrade-requests').send({ tier, message: 'Ich züchte Dackel.' }).expect(201)).body as {
    id: number;
    status: string;
  };
}

describe('POST /api/upgrade-requests', () => {
  it('is 401 without a session; 400 for a bad tier or unknown field; 422 for a long message', async () => {
    const user = await buildUser(t.ctx);
    await request(t.app).post('/api/upgrade-requests').send({ tier: 'pro' }).expect(401);
    for (const body of [{}, { tier: 'gold' }, { tier: 'breeder_test' }, { tier: 'pro', status: 'fulfilled' }])
      await agentAs(t, user).post('/api/upgrade-requests').send(body).expect(400);
    await agentAs(t, user)
      .post('/api/upgrade-requests')
      .send({ tier: 'pro', message: 'm'.repeat(2001) })
      .expect(422);
    expect(await t.ctx.db.selectFrom('upgrade_requests').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('tells every admin (not moderators) of a new request in the app, once', async () => {
    const admin = await buildAdmin(t.ctx);
    const mod = await buildModerator(t.ctx);
    const user = await buildUser(t.ctx, { name: 'Zoe Züchterin' });
    const created = await submit(user, 'breeder');
    const news = (who: { id: number }) =>
      t.ctx.db.selectFrom('notifications').select(['title', 'body', 'url']).where('user_id', '=', who.id).where('type', '=', 'moderation').execute();
    expect(await news(admin)).toEqual(
      expect.arrayContaining([{ title: 'Upgrade-Anfrage: Züchter', body: 'Zoe Züchterin möchte Züchter.', url: '/app/admin/upgrades' }]),
    );
    expect(await news(mod)).toEqual([]);
    expect(created.id).toBeGreaterThan(0);
  });

  it('stores an open request; a second open one is 409, so is asking for the tier you have', async () => {
    const user = await buildUser(t.ctx);
    const created = await submit(user);
    expect(created).toMatchObject({ user_id: user.id, tier: 'pro', status: 'open', message: 'Ich züchte Dackel.' });
    const again = await agentAs(t, user).post('/api/upgrade-requests').send({ tier: 'breeder' }).expect(409);
    expect(again.body.error.code).toBe('request_open');
    const pro = await buildUser(t.ctx, { subscription_tier: 'pro', is_premium: 1 });
    expect((await agentAs(t, pro).post('/api/upgrade-requests').send({ tier: 'pro' }).expect(409)).body.error.code).toBe('already_on_tier');
    const own = await agentAs(t, user).get('/api/upgrade-requests').expect(200);
    expect(own.body.items).toEqual([expect.objectContaining({ id: created.id, status: 'open' })]);
  });

  it('the database allows only one open request per user even when a check is skipped', async () => {
    const user = await buildUser(t.ctx);
    await submit(user);
    const now = new Date().toISOString();
    await expect(
      t.ctx.db.insertInto('upgrade_requests').values({ user_id: user.id, tier: 'breeder', created_at: now, updated_at: now }).execute(),
    ).rejects.toThrow();
  });
});

describe('GET /api/upgrade-requests', () => {
  it('is 401 without a session; lists only the caller’s requests, newest first, in pages', async () => {
    await request(t.app).get('/api/upgrade-requests').expect(401);
    const user = await buildUser(t.ctx);
    const older = await buildUpgradeRequest(t.ctx, { user, status: 'withdrawn' });
    const middle = await buildUpgradeRequest(t.ctx, { user, status: 'rejected', tier: 'breeder' });
    const newest = await buildUpgradeRequest(t.ctx, { user });
    await buildUpgradeRequest(t.ctx); // another user's
    const first = await agentAs(t, user).get('/api/upgrade-requests?limit=2').expect(200);
    expect(first.body.items.map((i: { id: number }) => i.id)).toEqual([newest.id, middle.id]);
    const second = await agentAs(t, user).get(`/api/upgrade-requests?limit=2&cursor=${first.body.next_cursor}`).expect(200);
    expect(second.body).toEqual({ items: [expect.objectContaining({ id: older.id, status: 'withdrawn' })], next_cursor: null });
    await agentAs(t, user).get('/api/upgrade-requests?limit=201').expect(400);
    await agentAs(t, user).get('/api/upgrade-requests?cursor=kaputt').expect(400);
  });
});

describe('DELETE /api/upgrade-requests/{id} (withdraw)', () => {
  it('404 for a missing, 403 for another user’s, 409 for a closed request; withdraws an open one', async () => {
    const user = await buildUser(t.ctx);
    const other = await buildUser(t.ctx);
    const mine = await submit(user);
    await agentAs(t, other).delete('/api/upgrade-requests/999999').expect(404);
    await agentAs(t, other).delete(`/api/upgrade-requests/${mine.id}`).expect(403);
    const res = await agentAs(t, user).delete(`/api/upgrade-requests/${mine.id}`).expect(200);
    expect(res.body.status).toBe('withdrawn');
    expect((await agentAs(t, user).delete(`/api/upgrade-requests/${mine.id}`).expect(409)).body.error.code).toBe('request_closed');
    await submit(user); // a new one may follow once none is open
  });
});

describe('admin queue', () => {
  it('is admin-only (401, 403 for users and moderators)', async () => {
    await request(t.app).get('/api/admin/upgrade-requests').expect(401);
    for (const who of [await buildUser(t.ctx), await buildModerator(t.ctx)]) {
      await agentAs(t, who).get('/api/admin/upgrade-requests').expect(403);
      await agentAs(t, who).get('/api/admin/upgrade-requests/open-count').expect(403);
      await agentAs(t, who).post('/api/admin/upgrade-requests/1/fulfill').send({ tier: 'pro' }).expect(403);
      await agentAs(t, who).post('/api/admin/upgrade-requests/1/reject').send({}).expect(403);
    }
  });

  it('lists requests with their user, filtered by status', async () => {
    const admin = await buildAdmin(t.ctx);
    const user = await buildUser(t.ctx, { name: 'Zoe Züchterin' });
    const r = await buildUpgradeRequest(t.ctx, { user, tier: 'breeder' });
    const res = await agentAs(t, admin).get('/api/admin/upgrade-requests?status=open&limit=200').expect(200);
    expect(res.body.items).toContainEqual(
      expect.objectContaining({ id: r.id, tier: 'breeder', user: { id: user.id, name: 'Zoe Züchterin', email: user.email, subscription_tier: 'free' } }),
    );
    expect(res.body.items.every((i: { status: string }) => i.status === 'open')).toBe(true);
    await agentAs(t, admin).get('/api/admin/upgrade-requests?status=kaputt').expect(400);
  });

  it('pages the queue newest first, keeping the status filter across pages', async () => {
    const admin = await buildAdmin(t.ctx);
    const user = await buildUser(t.ctx);
    const rejected = [
      await buildUpgradeRequest(t.ctx, { user, status: 'rejected' }),
      await buildUpgradeRequest(t.ctx, { user, status: 'rejected' }),
      await buildUpgradeRequest(t.ctx, { user, status: 'rejected' }),
    ];
    await buildUpgradeRequest(t.ctx, { user }); // open: not in the filtered list
    const pages = await allPages<{ id: number }>(agentAs(t, admin), '/api/admin/upgrade-requests?status=rejected&limit=2');
    for (const page of pages) expect(page.items.length).toBeLessThanOrEqual(2);
    const seen = pages.flatMap((p) => p.items.map((i) => i.id));
    const all = await t.ctx.db.selectFrom('upgrade_requests').select('id').where('status', '=', 'rejected').orderBy('id', 'desc').execute();
    expect(seen).toEqual(all.map((r) => r.id));
    expect(seen.slice(0, 3)).toEqual(rejected.map((r) => r.id).reverse());
  });

  it('fulfil sets tier and is_premium (1 for pro and breeder, 0 for breeder_test), mails the user, and only once', async () => {
    const admin = await buildAdmin(t.ctx);
    for (const [tier, premium, badge] of [
      ['pro', 1, 'pro'],
      ['breeder', 1, 'breeder'],
      ['breeder_test', 0, 'free'],
    ] as const) {
      const user = await buildUser(t.ctx, { is_premium: tier === 'breeder_test' ? 1 : 0 });
      const r = await buildUpgradeRequest(t.ctx, { user, tier: tier === 'pro' ? 'pro' : 'breeder' });
      const res = await agentAs(t, admin).post(`/api/admin/upgrade-requests/${r.id}/fulfill`).send({ tier }).expect(200);
      expect(res.body).toMatchObject({ status: 'fulfilled', granted_tier: tier });
      expect(await tierOf(user.id)).toEqual({ subscription_tier: tier, is_premium: premium });
      const me = await agentAs(t, user).get('/api/auth/me').expect(200);
      expect(me.body).toMatchObject({ subscription_tier: tier, is_premium: premium, plan_badge: badge });
      // The outbox sends right after the commit, without holding up the response: wait for it.
      await expect.poll(() => t.mail.sent.some((m) => m.to === user.email && /Upgrade ist aktiv/.test(m.subject))).toBe(true);
      await agentAs(t, admin).post(`/api/admin/upgrade-requests/${r.id}/fulfill`).send({ tier: 'pro' }).expect(409);
      await agentAs(t, admin).post(`/api/admin/upgrade-requests/${r.id}/reject`).send({}).expect(409);
    }
    await agentAs(t, admin).post('/api/admin/upgrade-requests/999999/fulfill').send({ tier: 'pro' }).expect(404);
    await agentAs(t, admin).post('/api/admin/upgrade-requests/999999/fulfill').send({ tier: 'gold' }).expect(400);
  });

  it('reject keeps the tier, stores the reason and mails it', async () => {
    const admin = await buildAdmin(t.ctx);
    const user = await buildUser(t.ctx);
    const r = await buildUpgradeRequest(t.ctx, { user });
    await agentAs(t, admin)
      .post(`/api/admin/upgrade-requests/${r.id}/reject`)
      .send({ reason: 'r'.repeat(2001) })
      .expect(422);
    const res = await agentAs(t, admin).post(`/api/admin/upgrade-requests/${r.id}/reject`).send({ reason: 'Bitte Zuchtnachweis schicken.' }).expect(200);
    expect(res.body).toMatchObject({ status: 'rejected', reason: 'Bitte Zuchtnachweis schicken.' });
    expect(await tierOf(user.id)).toEqual({ subscription_tier: 'free', is_premium: 0 });
    await expect.poll(() => t.mail.sent.some((m) => m.to === user.email && /Zuchtnachweis/.test(m.text))).toBe(true);
    await agentAs(t, user).delete(`/api/upgrade-requests/${r.id}`).expect(409);
  });

  it('the to-do counter counts open requests only, and only of users who still exist', async () => {
    const admin = await buildAdmin(t.ctx);
    const count = async () => (await agentAs(t, admin).get('/api/admin/upgrade-requests/open-count').expect(200)).body.open as number;
    const base = await count();
    const staying = await buildUser(t.ctx);
    const leaving = await buildUser(t.ctx);
    const withdrawn = await buildUser(t.ctx);
    await buildUpgradeRequest(t.ctx, { user: staying });
    await buildUpgradeRequest(t.ctx, { user: leaving });
    const w = await buildUpgradeRequest(t.ctx, { user: withdrawn });
    await agentAs(t, withdrawn).delete(`/api/upgrade-requests/${w.id}`).expect(200);
    expect(await count()).toBe(base + 2);
    await agentAs(t, leaving).delete('/api/me').send({ password: leaving.password }).expect(204);
    expect(await count()).toBe(base + 1);
    const list = await agentAs(t, admin).get('/api/admin/upgrade-requests?status=open&limit=200').expect(200);
    expect(list.body.items.some((i: { user_id: number }) => i.user_id === leaving.id)).toBe(false);
  });
});
