import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildAdmin, buildModerator, buildUser, sessionCookie } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { maskEmail } from './admin-user-view.js';

const t = useTestApp();
let seq = 0;
const tag = () => `${Date.now().toString(36)}${++seq}`;

describe('maskEmail', () => {
  it('keeps only the first letters and the top-level domain', () => {
    expect(maskEmail('bello.owner@example.de')).toBe('b***@e***.de');
    expect(maskEmail('x@localhost')).toBe('x***@l***');
    expect(maskEmail('kaputt')).toBe('***');
  });
});

describe('GET /api/admin/users/search', () => {
  it('is 401 without a session and 403 for plain users; 400 without q, 422 for an over-long q', async () => {
    await request(t.app).get('/api/admin/users/search?q=a').expect(401);
    await agentAs(t, await buildUser(t.ctx))
      .get('/api/admin/users/search?q=a')
      .expect(403);
    const admin = await buildAdmin(t.ctx);
    await agentAs(t, admin).get('/api/admin/users/search').expect(400);
    await agentAs(t, admin)
      .get(`/api/admin/users/search?q=${'a'.repeat(201)}`)
      .expect(422);
  });

  it('finds users by name, case-insensitively; admins see the email, moderators a masked one', async () => {
    const k = tag();
    const target = await buildUser(t.ctx, { name: `Hanna Hundefreundin ${k}`, email: `hanna.${k}@example.de` });
    const admin = await buildAdmin(t.ctx);
    const mod = await buildModerator(t.ctx);
    const asAdmin = await agentAs(t, admin).get(`/api/admin/users/search?q=HUNDEFREUNDIN ${k}`).expect(200);
    expect(asAdmin.body.items).toEqual([expect.objectContaining({ id: target.id, email: target.email, status: 'active', plan_badge: 'free' })]);
    const asMod = await agentAs(t, mod).get(`/api/admin/users/search?q=hundefreundin ${k}`).expect(200);
    expect(asMod.body.items).toEqual([expect.objectContaining({ id: target.id, email: 'h***@e***.de' })]);
    expect(JSON.stringify(asMod.body)).not.toContain(target.email);
  });

  it('searches email addresses for admins only', async () => {
    const k = tag();
    const target = await buildUser(t.ctx, { name: 'Ohne Treffer im Namen', email: `geheim-${k}@example.de` });
    const byAdmin = await agentAs(t, await buildAdmin(t.ctx))
      .get(`/api/admin/users/search?q=geheim-${k}`)
      .expect(200);
    expect(byAdmin.body.items.map((u: { id: number }) => u.id)).toEqual([target.id]);
    const byMod = await agentAs(t, await buildModerator(t.ctx))
      .get(`/api/admin/users/search?q=geheim-${k}`)
      .expect(200);
    expect(byMod.body.items).toEqual([]);
  });

  it('takes % and _ literally and pages by name', async () => {
    const k = tag();
    const admin = await buildAdmin(t.ctx);
    await buildUser(t.ctx, { name: `Rabatt 50% ${k}` });
    await buildUser(t.ctx, { name: `Rabatt 50x ${k}` });
    const pct = await agentAs(t, admin)
      .get(`/api/admin/users/search?q=${encodeURIComponent(`50% ${k}`)}`)
      .expect(200);
    expect(pct.body.items.map((u: { name: string }) => u.name)).toEqual([`Rabatt 50% ${k}`]);
    const underscore = await agentAs(t, admin)
      .get(`/api/admin/users/search?q=${encodeURIComponent(`50_ ${k}`)}`)
      .expect(200);
    expect(underscore.body.items).toEqual([]);
    for (const n of ['Cleo', 'Anna', 'Bruno']) await buildUser(t.ctx, { name: `${n} ${k}-seite` });
    const first = await agentAs(t, admin).get(`/api/admin/users/search?q=${k}-seite&limit=2`).expect(200);
    expect(first.body.items.map((u: { name: string }) => u.name)).toEqual([`Anna ${k}-seite`, `Bruno ${k}-seite`]);
    const second = await agentAs(t, admin).get(`/api/admin/users/search?q=${k}-seite&limit=2&cursor=${first.body.next_cursor}`).expect(200);
    expect(second.body).toMatchObject({ items: [{ name: `Cleo ${k}-seite` }], next_cursor: null });
  });
});

describe('GET /api/admin/users/{id}', () => {
  it('shows one account (masked for moderators), 404 for a missing one', async () => {
    const user = await buildUser(t.ctx, { is_founder: 1, founder_number: null, is_partner: 1, subscription_tier: 'breeder', is_premium: 1 });
    const mod = await buildModerator(t.ctx);
    const res = await agentAs(t, mod).get(`/api/admin/users/${user.id}`).expect(200);
    expect(res.body).toMatchObject({ id: user.id, email: maskEmail(user.email), plan_badge: 'breeder', badges: ['breeder', 'founder', 'partner'] });
    await agentAs(t, mod).get('/api/admin/users/999999').expect(404);
  });
});

describe('PATCH /api/admin/users/{id}', () => {
  it('suspending ends every session at once and blocks login; reactivating lets the user in again', async () => {
    const admin = await buildAdmin(t.ctx);
    const user = await buildUser(t.ctx);
    const cookie = sessionCookie(t.ctx, user);
    await request(t.app).get('/api/auth/me').set('Cookie', cookie).expect(200);
    for (const status of ['suspended', 'banned'] as const) {
      const res = await agentAs(t, admin).patch(`/api/admin/users/${user.id}`).send({ status }).expect(200);
      expect(res.body.status).toBe(status);
      await request(t.app).get('/api/auth/me').set('Cookie', cookie).expect(401);
      await request(t.app).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(403);
      await agentAs(t, admin).patch(`/api/admin/users/${user.id}`).send({ status: 'active' }).expect(200);
      // The old session stays dead after reactivation: its token version is gone.
      await request(t.app).get('/api/auth/me').set('Cookie', cookie).expect(401);
      await request(t.app).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(200);
    }
  });

  it('moderators may suspend users but not admins or moderators, and may not set the partner flag', async () => {
    const mod = await buildModerator(t.ctx);
    const user = await buildUser(t.ctx);
    const res = await agentAs(t, mod).patch(`/api/admin/users/${user.id}`).send({ status: 'suspended' }).expect(200);
    expect(res.body.email).toBe(maskEmail(user.email));
    for (const other of [await buildAdmin(t.ctx), await buildModerator(t.ctx)])
      await agentAs(t, mod).patch(`/api/admin/users/${other.id}`).send({ status: 'banned' }).expect(403);
    await agentAs(t, mod).patch(`/api/admin/users/${user.id}`).send({ is_partner: 1 }).expect(403);
    const row = await t.ctx.db.selectFrom('users').select('is_partner').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.is_partner).toBe(0);
  });

  it('an admin sets the partner flag, which shows as a badge in the current-user response', async () => {
    const admin = await buildAdmin(t.ctx);
    const user = await buildUser(t.ctx);
    const res = await agentAs(t, admin).patch(`/api/admin/users/${user.id}`).send({ is_partner: true }).expect(200);
    expect(res.body).toMatchObject({ is_partner: 1, badges: ['free', 'partner'] });
    const me = await agentAs(t, user).get('/api/auth/me').expect(200);
    expect(me.body).toMatchObject({ is_partner: 1, plan_badge: 'free' });
    expect(me.body.badges).toContain('partner');
    await agentAs(t, admin).patch(`/api/admin/users/${user.id}`).send({ is_partner: 0 }).expect(200);
    expect((await agentAs(t, user).get('/api/auth/me').expect(200)).body.badges).not.toContain('partner');
  });

  it('refuses the own status (409), bad values and unknown fields (400), missing users (404); 401/403', async () => {
    const admin = await buildAdmin(t.ctx);
    const user = await buildUser(t.ctx);
    expect((await agentAs(t, admin).patch(`/api/admin/users/${admin.id}`).send({ status: 'banned' }).expect(409)).body.error.code).toBe('own_account');
    for (const body of [{ status: 'gelöscht' }, { rolle: 'admin' }, { subscription_tier: 'pro' }, { is_partner: 'ja' }])
      await agentAs(t, admin).patch(`/api/admin/users/${user.id}`).send(body).expect(400);
    await agentAs(t, admin).patch('/api/admin/users/999999').send({ status: 'banned' }).expect(404);
    await request(t.app).patch(`/api/admin/users/${user.id}`).send({ status: 'banned' }).expect(401);
    await agentAs(t, await buildUser(t.ctx))
      .patch(`/api/admin/users/${user.id}`)
      .send({ status: 'banned' })
      .expect(403);
    const row = await t.ctx.db.selectFrom('users').select(['status', 'rolle']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'active', rolle: 'user' });
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  it('is admin-only, refuses the own account and missing users, and deletes the account and its sessions', async () => {
    const admin = await buildAdmin(t.ctx);
    const user = await buildUser(t.ctx);
    const cookie = sessionCookie(t.ctx, user);
    await request(t.app).delete(`/api/admin/users/${user.id}`).expect(401);
    await agentAs(t, await buildModerator(t.ctx))
      .delete(`/api/admin/users/${user.id}`)
      .expect(403);
    await agentAs(t, admin).delete(`/api/admin/users/${admin.id}`).expect(409);
    await agentAs(t, admin).delete('/api/admin/users/999999').expect(404);
    await agentAs(t, admin).delete(`/api/admin/users/${user.id}`).expect(204);
    expect(await t.ctx.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
    await request(t.app).get('/api/auth/me').set('Cookie', cookie).expect(401);
    await agentAs(t, admin).delete(`/api/admin/users/${user.id}`).expect(404);
  });
});
