import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { avatarUrlPrefix, dogPhotoUrlPrefix, userMediaUrlPrefix } from '#core/media/paths.js';
import { agentAs, buildUser, sessionCookie } from '../../../../test/helpers/factories.js';
import { storedUnder, storeTestFile } from '../../../../test/helpers/media.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

const t = useTestApp();

describe('PATCH /api/me', () => {
  it('is 401 without a session', async () => {
    await request(t.app).patch('/api/me').send({ name: 'X' }).expect(401);
  });

  it('updates the profile fields and returns the user', async () => {
    const user = await buildUser(t.ctx);
    const res = await agentAs(t, user).patch('/api/me').send({ name: 'Neuer Name', city: 'Graz', profile_private: true, lat: 47.07, lon: 15.44 }).expect(200);
    expect(res.body).toMatchObject({ name: 'Neuer Name', city: 'Graz', profile_private: 1, lat: 47.07 });
  });

  it('refuses email and privileged fields with 400 and changes nothing', async () => {
    const user = await buildUser(t.ctx);
    for (const body of [
      { email: 'neu@example.de' },
      { rolle: 'admin' },
      { is_premium: 1 },
      { subscription_tier: 'pro' },
      { is_founder: 1 },
      { avatar_url: '/media/x.jpg' },
    ]) {
      const res = await agentAs(t, user).patch('/api/me').send(body).expect(400);
      expect(res.body.error.fields).toBeDefined();
    }
    const row = await t.ctx.db
      .selectFrom('users')
      .select(['email', 'rolle', 'is_premium', 'subscription_tier'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: user.email, rolle: 'user', is_premium: 0, subscription_tier: 'free' });
  });

  it('answers 422 for an over-long name', async () => {
    const user = await buildUser(t.ctx);
    const res = await agentAs(t, user)
      .patch('/api/me')
      .send({ name: 'n'.repeat(201) })
      .expect(422);
    expect(res.body.error.fields.name).toMatch(/200/);
  });

  it('stores SQL-injection strings verbatim and harms nothing', async () => {
    const user = await buildUser(t.ctx);
    const evil = "Robert'); DROP TABLE users;--";
    const bio = "' OR '1'='1' UNION SELECT password_hash FROM users --";
    await agentAs(t, user).patch('/api/me').send({ name: evil, bio, city: '"; DELETE FROM dogs; --' }).expect(200);
    const row = await t.ctx.db.selectFrom('users').select(['name', 'bio']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: evil, bio });
    const count = await t.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThan(1);
    const reg = await request(t.app).post('/api/auth/register').send({ email: 'inject@example.de', password: "x' OR 1=1 --", name: evil }).expect(201);
    expect(reg.body.name).toBe(evil);
  });
});

describe('POST /api/me/password', () => {
  it('refuses a wrong current password with 403', async () => {
    const user = await buildUser(t.ctx);
    await agentAs(t, user).post('/api/me/password').send({ current_password: 'falsch-falsch', new_password: 'ganz-neues-pw' }).expect(403);
  });

  it('changes the password, ends every other session and keeps this one', async () => {
    const user = await buildUser(t.ctx);
    const otherDevice = sessionCookie(t.ctx, user);
    const thisDevice = sessionCookie(t.ctx, user);
    const res = await request(t.app)
      .post('/api/me/password')
      .set('Cookie', thisDevice)
      .send({ current_password: user.password, new_password: 'ganz-neues-pw' })
      .expect(204);
    const renewed = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('session=ey'))?.split(';')[0] ?? '';
    await request(t.app).get('/api/auth/me').set('Cookie', otherDevice).expect(401);
    await request(t.app).get('/api/auth/me').set('Cookie', thisDevice).expect(401);
    await request(t.app).get('/api/auth/me').set('Cookie', renewed).expect(200);
    await request(t.app).post('/api/auth/login').send({ email: user.email, password: 'ganz-neues-pw' }).expect(200);
    await request(t.app).post('/api/auth/login').send({ email: user.email, password: user.password }).expect(401);
  });

  it('locks the password confirmation after 5 wrong tries, like the login', async () => {
    const user = await buildUser(t.ctx);
    for (let i = 0; i < 5; i++)
      await agentAs(t, user).post('/api/me/password').send({ current_password: 'falsch-falsch', new_password: 'ganz-neues-pw' }).expect(403);
    const locked = await agentAs(t, user).post('/api/me/password').send({ current_password: user.password, new_password: 'ganz-neues-pw' }).expect(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    await agentAs(t, user).delete('/api/me').send({ password: user.password }).expect(429);
  });

  it('answers 400 for a too-short new password', async () => {
    const user = await buildUser(t.ctx);
    await agentAs(t, user).post('/api/me/password').send({ current_password: user.password, new_password: 'kurz' }).expect(400);
  });
});

describe('DELETE /api/me', () => {
  it('refuses without the right password and keeps the account', async () => {
    const user = await buildUser(t.ctx);
    await agentAs(t, user).delete('/api/me').send({ password: 'falsch-falsch' }).expect(403);
    expect(await t.ctx.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeDefined();
  });

  it('deletes the account, its dogs and its files, and ends the session', async () => {
    const user = await buildUser(t.ctx);
    const now = new Date().toISOString();
    const dog = await t.ctx.db
      .insertInto('dogs')
      .values({ user_id: user.id, name: 'Bello', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await storeTestFile(t.ctx, `${avatarUrlPrefix(user.id)}avatar.webp`);
    await storeTestFile(t.ctx, `${dogPhotoUrlPrefix(user.id, dog.id)}foto.webp`);
    expect(await storedUnder(t.ctx, userMediaUrlPrefix(user.id))).toHaveLength(2);
    const cookie = sessionCookie(t.ctx, user);
    await request(t.app).delete('/api/me').set('Cookie', cookie).send({ password: user.password }).expect(204);
    expect(await t.ctx.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
    expect(await t.ctx.db.selectFrom('dogs').select('id').where('user_id', '=', user.id).executeTakeFirst()).toBeUndefined();
    expect(await storedUnder(t.ctx, userMediaUrlPrefix(user.id))).toEqual([]);
    await request(t.app).get('/api/auth/me').set('Cookie', cookie).expect(401);
  });
});
