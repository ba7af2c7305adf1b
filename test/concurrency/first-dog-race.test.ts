import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildUser, sessionCookie } from '../helpers/factories.js';
import { useTestApp } from '../helpers/test-app.js';
import { settlePoolBeforeTeardown, useListeningServer } from './race-helpers.js';

const t = useTestApp();
const http = useListeningServer(t);
settlePoolBeforeTeardown(t);

describe('race: a pending user creates dogs at the same time', () => {
  it('activates the license once, with one founder number, and creates every dog', async () => {
    const counterBefore = (await t.ctx.db.selectFrom('founder_counter').select('last').executeTakeFirstOrThrow()).last;
    for (let round = 0; round < 5; round++) {
      const user = await buildUser(t.ctx, { is_founder_pending: 1 });
      const cookie = sessionCookie(t.ctx, user);
      const results = await Promise.all(['Erster', 'Zweiter'].map((name) => request(http.server).post('/api/dogs').set('Cookie', cookie).send({ name })));
      expect(results.map((r) => r.status)).toEqual([201, 201]);
      const row = await t.ctx.db
        .selectFrom('users')
        .select(['is_founder', 'is_founder_pending', 'founder_number'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ is_founder: 1, is_founder_pending: 0, founder_number: counterBefore + round + 1 });
      expect(await t.ctx.db.selectFrom('dogs').select('id').where('user_id', '=', user.id).execute()).toHaveLength(2);
    }
    expect((await t.ctx.db.selectFrom('founder_counter').select('last').executeTakeFirstOrThrow()).last).toBe(counterBefore + 5);
  });

  it('ten dogs at once still take a single number', async () => {
    const before = (await t.ctx.db.selectFrom('founder_counter').select('last').executeTakeFirstOrThrow()).last;
    const user = await buildUser(t.ctx, { is_founder_pending: 1, subscription_tier: 'pro', is_premium: 1 }); // Pro: no limit on dogs
    const cookie = sessionCookie(t.ctx, user);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        request(http.server)
          .post('/api/dogs')
          .set('Cookie', cookie)
          .send({ name: `Hund ${i}` }),
      ),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect((await t.ctx.db.selectFrom('founder_counter').select('last').executeTakeFirstOrThrow()).last).toBe(before + 1);
    const founders = await t.ctx.db
      .selectFrom('users')
      .select('founder_number')
      .where('founder_number', '=', before + 1)
      .execute();
    expect(founders).toHaveLength(1);
  });

  it("Free's last dog is taken once: the user row's lock makes count and insert one step", async () => {
    const user = await buildUser(t.ctx);
    const cookie = sessionCookie(t.ctx, user);
    await request(http.server).post('/api/dogs').set('Cookie', cookie).send({ name: 'Eins' }).expect(201);
    await request(http.server).post('/api/dogs').set('Cookie', cookie).send({ name: 'Zwei' }).expect(201);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        request(http.server)
          .post('/api/dogs')
          .set('Cookie', cookie)
          .send({ name: `Dritter ${i}` }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    expect(await t.ctx.db.selectFrom('dogs').select('id').where('user_id', '=', user.id).execute()).toHaveLength(3);
  });
});
