import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildAdmin, buildModerator, buildPartnerCode, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

const t = useTestApp();
let seq = 0;
const uniqueCode = (prefix = 'CODE') => `${prefix}-${Date.now().toString(36)}-${++seq}`.toUpperCase();

describe('admin partner codes', () => {
  it('is 401 without a session and 403 for users and moderators', async () => {
    const user = await buildUser(t.ctx);
    const mod = await buildModerator(t.ctx);
    await request(t.app).get('/api/admin/partner/codes').expect(401);
    for (const who of [user, mod]) {
      await agentAs(t, who).get('/api/admin/partner/codes').expect(403);
      await agentAs(t, who).post('/api/admin/partner/codes').send({ code: 'ABC', label: 'x', max_uses: 1 }).expect(403);
      await agentAs(t, who).delete('/api/admin/partner/codes/ABC').expect(403);
    }
  });

  it('creates a code (upper-cased), lists it with its counter, and refuses a duplicate with 409', async () => {
    const admin = await buildAdmin(t.ctx);
    const code = uniqueCode('hundeschule');
    const res = await agentAs(t, admin)
      .post('/api/admin/partner/codes')
      .send({ code: code.toLowerCase(), label: 'Hundeschule Pfote', max_uses: 25, grants_founder: true })
      .expect(201);
    expect(res.body).toMatchObject({ code, label: 'Hundeschule Pfote', max_uses: 25, grants_founder: 1, uses: 0 });
    const list = await agentAs(t, admin).get('/api/admin/partner/codes').expect(200);
    expect(list.body.items).toContainEqual(expect.objectContaining({ code, uses: 0, max_uses: 25 }));
    const dup = await agentAs(t, admin).post('/api/admin/partner/codes').send({ code, label: 'Noch mal', max_uses: 1 }).expect(409);
    expect(dup.body.error.code).toBe('code_taken');
  });

  it('answers 400 for bad input and 422 for an over-long label or code', async () => {
    const admin = await buildAdmin(t.ctx);
    const agent = agentAs(t, admin);
    for (const body of [
      { label: 'x', max_uses: 1 },
      { code: 'AB', label: 'x', max_uses: 1 },
      { code: 'MIT LEERZEICHEN', label: 'x', max_uses: 1 },
      { code: 'ABC', label: 'x', max_uses: 0 },
      { code: 'ABC', label: 'x', max_uses: 1.5 },
      { code: 'ABC', label: 'x', max_uses: 1, uses: 5 },
    ]) {
      await agent.post('/api/admin/partner/codes').send(body).expect(400);
    }
    await agent
      .post('/api/admin/partner/codes')
      .send({ code: 'ABC', label: 'l'.repeat(201), max_uses: 1 })
      .expect(422);
    await agent
      .post('/api/admin/partner/codes')
      .send({ code: 'A'.repeat(41), label: 'x', max_uses: 1 })
      .expect(422);
  });

  it('pages the list', async () => {
    const admin = await buildAdmin(t.ctx);
    for (let i = 0; i < 3; i++) await buildPartnerCode(t.ctx, { created_by: admin.id });
    const first = await agentAs(t, admin).get('/api/admin/partner/codes?limit=2').expect(200);
    expect(first.body.items).toHaveLength(2);
    const second = await agentAs(t, admin).get(`/api/admin/partner/codes?limit=2&cursor=${first.body.next_cursor}`).expect(200);
    expect(second.body.items[0].id).toBeLessThan(first.body.items[1].id);
  });

  it('deletes a code by its string (any case), 404 for an unknown one; granted licenses stay', async () => {
    const admin = await buildAdmin(t.ctx);
    const { code } = await buildPartnerCode(t.ctx, { label: 'Weg', max_uses: 5, grants_founder: 1 });
    const reg = await request(t.app)
      .post('/api/auth/register')
      .send({ email: `${code.toLowerCase()}@example.de`, password: 'sicheres-passwort', name: 'Via Code', partner_code: code })
      .expect(201);
    expect(reg.body.is_founder).toBe(1);
    const res = await agentAs(t, admin).delete(`/api/admin/partner/codes/${code.toLowerCase()}`).expect(200);
    expect(res.body).toEqual({ code, deleted: true });
    await agentAs(t, admin).delete(`/api/admin/partner/codes/${code}`).expect(404);
    const user = await t.ctx.db.selectFrom('users').select(['is_founder', 'founder_number']).where('id', '=', reg.body.id).executeTakeFirstOrThrow();
    expect(user.is_founder).toBe(1);
    const redemption = await t.ctx.db
      .selectFrom('partner_code_redemptions')
      .select(['code', 'partner_code_id'])
      .where('user_id', '=', reg.body.id)
      .executeTakeFirstOrThrow();
    expect(redemption).toEqual({ code, partner_code_id: null });
  });
});

describe('GET /api/partner/codes/{code}/info (public live check)', () => {
  it('says valid with label and founder flag for a live code, and never reveals counters', async () => {
    const { code } = await buildPartnerCode(t.ctx, { label: 'Tierarzt Dr. Wau', max_uses: 2, grants_founder: 1 });
    const res = await request(t.app).get(`/api/partner/codes/${code.toLowerCase()}/info`).expect(200);
    expect(res.body).toEqual({ valid: true, grants_founder: true, label: 'Tierarzt Dr. Wau' });
  });

  it('says invalid for an unknown, a malformed and a used-up code', async () => {
    const { code } = await buildPartnerCode(t.ctx, { label: 'Voll', max_uses: 1 });
    await request(t.app)
      .post('/api/auth/register')
      .send({ email: `${code.toLowerCase()}@example.de`, password: 'sicheres-passwort', name: 'Erste', partner_code: code })
      .expect(201);
    const invalid = { valid: false, grants_founder: false, label: null };
    for (const c of [code, 'GIBTSNICHT', '%27%20OR%201%3D1']) {
      expect((await request(t.app).get(`/api/partner/codes/${c}/info`).expect(200)).body).toEqual(invalid);
    }
  });

  it('does not promise the license once all founder places are taken', async () => {
    const { code } = await buildPartnerCode(t.ctx, { label: 'Spät', max_uses: 5, grants_founder: 1 });
    const before = await t.ctx.db.selectFrom('founder_counter').select('last').executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('founder_counter').set({ last: 100 }).execute();
    try {
      const res = await request(t.app).get(`/api/partner/codes/${code}/info`).expect(200);
      expect(res.body).toEqual({ valid: true, grants_founder: false, label: 'Spät' });
    } finally {
      await t.ctx.db.updateTable('founder_counter').set({ last: before.last }).execute();
    }
  });
});
