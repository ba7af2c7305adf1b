import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildAdmin, buildModerator, buildPartnerCode, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

const t = useTestApp();
const PLACES_TAKEN = 'Alle 100 Gründerplätze sind bereits vergeben.';
let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`.toUpperCase();

async function makeCode(fields: { max_uses: number; grants_founder: 0 | 1; uses?: number }) {
  return (await buildPartnerCode(t.ctx, { created_by: null, ...fields })).code;
}

function register(fields: { partner_code?: string; referral_code?: string } = {}) {
  return request(t.app)
    .post('/api/auth/register')
    .send({ email: `${unique('reg').toLowerCase()}@example.de`, password: 'sicheres-passwort', name: 'Neu', ...fields })
    .expect(201);
}

const uses = async (code: string) => (await t.ctx.db.selectFrom('partner_codes').select('uses').where('code', '=', code).executeTakeFirstOrThrow()).uses;
const counter = async () => (await t.ctx.db.selectFrom('founder_counter').select('last').executeTakeFirstOrThrow()).last;
const founderState = (id: number) =>
  t.ctx.db.selectFrom('users').select(['is_founder', 'is_founder_pending', 'founder_number']).where('id', '=', id).executeTakeFirstOrThrow();

/** Runs `fn` with every founder place taken, then puts the counter back. */
async function withAllPlacesTaken(fn: () => Promise<void>): Promise<void> {
  const before = await counter();
  await t.ctx.db.updateTable('founder_counter').set({ last: 100 }).execute();
  try {
    await fn();
  } finally {
    await t.ctx.db.updateTable('founder_counter').set({ last: before }).execute();
  }
}

describe('none → founder: registration with a partner code', () => {
  it('grants the license with the next number, counts the use and records the redemption', async () => {
    const code = await makeCode({ max_uses: 3, grants_founder: 1 });
    const before = await counter();
    const res = await register({ partner_code: code.toLowerCase() });
    expect(res.body).toMatchObject({ is_founder: 1, is_founder_pending: 0, founder_number: before + 1 });
    expect(res.body.badges).toContain('founder');
    expect(await uses(code)).toBe(1);
    expect(await counter()).toBe(before + 1);
    const redemption = await t.ctx.db
      .selectFrom('partner_code_redemptions')
      .select(['code', 'founder_granted'])
      .where('user_id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(redemption).toEqual({ code, founder_granted: 1 });
  });

  it('does not grant the license with a used-up code (uses = max_uses) and leaves the counter alone', async () => {
    const code = await makeCode({ max_uses: 2, grants_founder: 1, uses: 2 });
    const before = await counter();
    const res = await register({ partner_code: code });
    expect(res.body).toMatchObject({ is_founder: 0, founder_number: null });
    expect(await uses(code)).toBe(2);
    expect(await counter()).toBe(before);
  });

  it('counts a use of a code without the license, but grants nothing', async () => {
    const code = await makeCode({ max_uses: 5, grants_founder: 0 });
    const res = await register({ partner_code: code });
    expect(res.body).toMatchObject({ is_founder: 0, founder_number: null });
    expect(await uses(code)).toBe(1);
  });

  it('creates the account without the license for an unknown or malformed code', async () => {
    for (const partner_code of ['GIBT-ES-NICHT', "x' OR '1'='1"]) {
      const res = await register({ partner_code });
      expect(res.body.is_founder).toBe(0);
    }
  });

  it('applies the partner code when a referral code comes along too (the referral code is ignored for now)', async () => {
    const code = await makeCode({ max_uses: 1, grants_founder: 1 });
    const res = await register({ partner_code: code, referral_code: 'FREUNDIN-123' });
    expect(res.body.is_founder).toBe(1);
  });

  it('keeps the code unused and grants nothing when no founder place is left', async () => {
    const code = await makeCode({ max_uses: 5, grants_founder: 1 });
    await withAllPlacesTaken(async () => {
      const res = await register({ partner_code: code });
      expect(res.body).toMatchObject({ is_founder: 0, founder_number: null });
      expect(await uses(code)).toBe(0);
      expect(await counter()).toBe(100);
    });
  });
});

describe('none or pending → founder: admin grant', () => {
  it('is 401 without a session, 403 for users and moderators, 404 for a missing user, 400 for a bad mode', async () => {
    const admin = await buildAdmin(t.ctx);
    const user = await buildUser(t.ctx);
    await request(t.app).post(`/api/admin/partner/users/${user.id}/grant`).send({}).expect(401);
    await agentAs(t, user).post(`/api/admin/partner/users/${user.id}/grant`).send({}).expect(403);
    await agentAs(t, await buildModerator(t.ctx))
      .post(`/api/admin/partner/users/${user.id}/grant`)
      .send({})
      .expect(403);
    await agentAs(t, admin).post('/api/admin/partner/users/999999/grant').send({}).expect(404);
    await agentAs(t, admin).post(`/api/admin/partner/users/${user.id}/grant`).send({ mode: 'sofort' }).expect(400);
    await agentAs(t, admin).post(`/api/admin/partner/users/${user.id}/grant`).send({ mode: 'now', extra: 1 }).expect(400);
    expect(await founderState(user.id)).toEqual({ is_founder: 0, is_founder_pending: 0, founder_number: null });
  });

  it('mode now (the default) makes the user founder with the next number; a second grant is 409', async () => {
    const admin = await buildAdmin(t.ctx);
    const user = await buildUser(t.ctx);
    const before = await counter();
    const res = await agentAs(t, admin).post(`/api/admin/partner/users/${user.id}/grant`).send({}).expect(200);
    expect(res.body).toEqual({ user_id: user.id, is_founder: 1, is_founder_pending: 0, founder_number: before + 1 });
    expect(await founderState(user.id)).toEqual({ is_founder: 1, is_founder_pending: 0, founder_number: before + 1 });
    const again = await agentAs(t, admin).post(`/api/admin/partner/users/${user.id}/grant`).send({ mode: 'now' }).expect(409);
    expect(again.body.error.code).toBe('already_founder');
    expect(await counter()).toBe(before + 1);
    const me = await agentAs(t, user).get('/api/auth/me').expect(200);
    expect(me.body).toMatchObject({ is_founder: 1, founder_number: before + 1 });
    expect(me.body.badges).toContain('founder');
  });

  it('turns a pending user into a founder at once', async () => {
    const admin = await buildAdmin(t.ctx);
    const user = await buildUser(t.ctx, { is_founder_pending: 1 });
    const res = await agentAs(t, admin).post(`/api/admin/partner/users/${user.id}/grant`).send({ mode: 'now' }).expect(200);
    expect(res.body).toMatchObject({ is_founder: 1, is_founder_pending: 0 });
  });

  it('refuses with 409 and the German message when all places are taken, and changes nothing', async () => {
    const admin = await buildAdmin(t.ctx);
    const user = await buildUser(t.ctx);
    await withAllPlacesTaken(async () => {
      for (const mode of ['now', 'on_first_dog']) {
        const res = await agentAs(t, admin).post(`/api/admin/partner/users/${user.id}/grant`).send({ mode }).expect(409);
        expect(res.body.error).toEqual({ code: 'founder_places_taken', message: PLACES_TAKEN });
      }
      expect(await founderState(user.id)).toEqual({ is_founder: 0, is_founder_pending: 0, founder_number: null });
      expect(await counter()).toBe(100);
    });
  });

  it('shows the places taken and left', async () => {
    const admin = await buildAdmin(t.ctx);
    const res = await agentAs(t, admin).get('/api/admin/partner/founder-places').expect(200);
    const taken = await counter();
    expect(res.body).toEqual({ total: 100, taken, left: 100 - taken });
  });
});

describe('pending → founder: first dog', () => {
  it('mode on_first_dog makes the user pending; the first dog assigns the number, later dogs change nothing', async () => {
    const admin = await buildAdmin(t.ctx);
    const user = await buildUser(t.ctx);
    const res = await agentAs(t, admin).post(`/api/admin/partner/users/${user.id}/grant`).send({ mode: 'on_first_dog' }).expect(200);
    expect(res.body).toEqual({ user_id: user.id, is_founder: 0, is_founder_pending: 1, founder_number: null });
    const before = await counter();
    await agentAs(t, user).post('/api/dogs').send({ name: 'Erster' }).expect(201);
    expect(await founderState(user.id)).toEqual({ is_founder: 1, is_founder_pending: 0, founder_number: before + 1 });
    await agentAs(t, user).post('/api/dogs').send({ name: 'Zweiter' }).expect(201);
    expect(await founderState(user.id)).toEqual({ is_founder: 1, is_founder_pending: 0, founder_number: before + 1 });
    expect(await counter()).toBe(before + 1);
  });

  it('a dog of a user who is not pending takes no number', async () => {
    const user = await buildUser(t.ctx);
    const before = await counter();
    await agentAs(t, user).post('/api/dogs').send({ name: 'Normal' }).expect(201);
    expect(await founderState(user.id)).toEqual({ is_founder: 0, is_founder_pending: 0, founder_number: null });
    expect(await counter()).toBe(before);
  });

  it('with no place left the dog is created and the user stays pending', async () => {
    const user = await buildUser(t.ctx, { is_founder_pending: 1 });
    await withAllPlacesTaken(async () => {
      await agentAs(t, user).post('/api/dogs').send({ name: 'Trotzdem' }).expect(201);
      expect(await founderState(user.id)).toEqual({ is_founder: 0, is_founder_pending: 1, founder_number: null });
      expect(await counter()).toBe(100);
    });
    expect(await t.ctx.db.selectFrom('dogs').select('name').where('user_id', '=', user.id).execute()).toEqual([{ name: 'Trotzdem' }]);
  });
});
