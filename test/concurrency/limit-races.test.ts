import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { upsertSubscription } from '#core/push/subscriptions.repo.js';
import { MAX_SUBSCRIPTIONS_PER_USER } from '#core/push/index.js';
import { FREE_QUOTA, takeUse } from '../../src/features/dog-records/ai/quota.js';
import { buildDog, buildUser, sessionCookie } from '../helpers/factories.js';
import { startFakeRouting } from '../helpers/route-planning.js';
import { useTestApp } from '../helpers/test-app.js';
import { settlePoolBeforeTeardown, tally, useListeningServer } from './race-helpers.js';

/**
 * Every limit that is counted before an insert, raced: each request of a burst counts and inserts under the
 * parent row's lock (core/db/row-lock.ts), so the burst ends exactly at the limit. Each case starts a few below
 * it (rows written directly) and sends more requests at once than fit.
 */
const ors = await startFakeRouting();
const t = useTestApp({ env: { ROUTING_URL: ors.url, ROUTING_API_KEY: ors.key } });
const http = useListeningServer(t);
settlePoolBeforeTeardown(t);

const now = () => new Date().toISOString();
const at = async (n: number, send: (i: number) => request.Test) => Promise.all(Array.from({ length: n }, (_, i) => send(i)));
const statuses = (results: { status: number }[]) => tally(results.map((r) => r.status));

describe('race: limits counted before an insert', () => {
  it('dog members: 17 of 20, 6 invitations at once → 3 invited, 3 refused (too_many_members)', async () => {
    const owner = await buildUser(t.ctx, { is_premium: 1, subscription_tier: 'pro' }); // Pro's 20 (Free has 2)
    const dog = await buildDog(t.ctx, { user: owner });
    const rows = Array.from({ length: 17 }, (_, i) => ({
      dog_id: dog.id,
      email: `m${i}@example.org`,
      role: 'caregiver',
      invited_by: owner.id,
      created_at: now(),
    }));
    await t.ctx.db.insertInto('dog_members').values(rows).execute();
    const cookie = sessionCookie(t.ctx, owner);
    const results = await at(6, (i) =>
      request(http.server)
        .post(`/api/dogs/${dog.id}/members`)
        .set('Cookie', cookie)
        .send({ email: `neu${i}@example.org` }),
    );
    expect(statuses(results)).toEqual(
      new Map([
        [201, 3],
        [422, 3],
      ]),
    );
    expect(await t.ctx.db.selectFrom('dog_members').select('id').where('dog_id', '=', dog.id).execute()).toHaveLength(20);
  });

  it('puppies: 27 of 30, 20 at once → 3 added', async () => {
    const user = await buildUser(t.ctx, { subscription_tier: 'breeder' });
    const mother = await buildDog(t.ctx, { user, sex: 'female' });
    const litter = await t.ctx.db
      .insertInto('litters')
      .values({ user_id: user.id, mother_dog_id: mother.id, created_at: now(), updated_at: now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const puppy = { litter_id: litter.id, collar_color: 'rot', sex: 'female', created_at: now(), updated_at: now() };
    await t.ctx.db
      .insertInto('puppies')
      .values(Array.from({ length: 27 }, () => puppy))
      .execute();
    const cookie = sessionCookie(t.ctx, user);
    const results = await at(20, () =>
      request(http.server).post(`/api/litters/${litter.id}/puppies`).set('Cookie', cookie).send({ collar_color: 'blau', sex: 'male' }),
    );
    expect(statuses(results)).toEqual(
      new Map([
        [201, 3],
        [422, 17],
      ]),
    );
    expect(await t.ctx.db.selectFrom('puppies').select('id').where('litter_id', '=', litter.id).execute()).toHaveLength(30);
  });

  it('a record kind with a cap (care routines, 50 a dog): 48, 5 at once → 2 added', async () => {
    const user = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user });
    const routine = { dog_id: dog.id, kind: 'claws', intervall_tage: 14, created_at: now(), updated_at: now() };
    await t.ctx.db
      .insertInto('care_routines')
      .values(Array.from({ length: 48 }, () => routine))
      .execute();
    const cookie = sessionCookie(t.ctx, user);
    const results = await at(5, () =>
      request(http.server).post(`/api/dogs/${dog.id}/care-routines`).set('Cookie', cookie).send({ kind: 'teeth', intervall_tage: 30 }),
    );
    expect(statuses(results)).toEqual(
      new Map([
        [201, 2],
        [422, 3],
      ]),
    );
    expect(await t.ctx.db.selectFrom('care_routines').select('id').where('dog_id', '=', dog.id).execute()).toHaveLength(50);
  });

  it('the data export, one a day: 5 requests at once → 1 export', async () => {
    const user = await buildUser(t.ctx);
    const cookie = sessionCookie(t.ctx, user);
    const results = await at(5, () => request(http.server).post('/api/me/exports').set('Cookie', cookie));
    expect(statuses(results)).toEqual(
      new Map([
        [202, 1],
        [429, 4],
      ]),
    );
    expect(await t.ctx.db.selectFrom('data_exports').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
  });

  it('route plans, 20 a week: 18, 5 at once → 2 planned', async () => {
    const user = await buildUser(t.ctx);
    const earlier = new Date(Date.now() - 3_600_000).toISOString();
    await t.ctx.db
      .insertInto('route_plans')
      .values(Array.from({ length: 18 }, () => ({ user_id: user.id, planned_at: earlier })))
      .execute();
    const cookie = sessionCookie(t.ctx, user);
    const results = await at(5, (i) =>
      request(http.server)
        .post('/api/routes/plan')
        .set('Cookie', cookie)
        .send({
          points: [
            [48.1374, 11.5755 + i * 0.001],
            [48.136, 11.5802],
          ],
        }),
    );
    expect(statuses(results)).toEqual(
      new Map([
        [200, 2],
        [429, 3],
      ]),
    );
    expect(await t.ctx.db.selectFrom('route_plans').select('id').where('user_id', '=', user.id).execute()).toHaveLength(20);
  });

  it('the free AI quota (1 training plan a week): 5 takes at once → exactly 1', async () => {
    const user = await buildUser(t.ctx);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => takeUse(t.ctx, user, 'training_plan')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(FREE_QUOTA.training_plan);
    expect(await t.ctx.db.selectFrom('ai_usage').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
  });

  it('poison confirmations: 5 people confirm at once → the count is 5 and the warning confirmed', async () => {
    const reporter = await buildUser(t.ctx);
    const warning = await request(http.server)
      .post('/api/poison-warnings')
      .set('Cookie', sessionCookie(t.ctx, reporter))
      .send({ lat: 52.52, lon: 13.41, kind: 'poison', description: 'Wurststücke mit Nägeln am Spielplatz' })
      .expect(201);
    const confirmers = await Promise.all(Array.from({ length: 5 }, () => buildUser(t.ctx)));
    const results = await Promise.all(
      confirmers.map((u) => request(http.server).post(`/api/poison-warnings/${warning.body.id}/confirm`).set('Cookie', sessionCookie(t.ctx, u))),
    );
    expect(statuses(results)).toEqual(new Map([[200, 5]]));
    const row = await t.ctx.db.selectFrom('poison_warnings').select(['status', 'confirmed_count']).where('id', '=', warning.body.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'confirmed', confirmed_count: 5 });
  });

  it('a playdate for 3 dogs: 6 dogs join at once → 3 in, 3 refused (playdate_full)', async () => {
    const host = await buildUser(t.ctx);
    const startsAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const playdate = await request(http.server)
      .post('/api/playdates')
      .set('Cookie', sessionCookie(t.ctx, host))
      .send({ lat: 52.52, lon: 13.41, title: 'Welpentreff', starts_at: startsAt, max_dogs: 3 })
      .expect(201);
    const guests = await Promise.all(Array.from({ length: 6 }, () => buildUser(t.ctx)));
    const dogs = await Promise.all(guests.map((user) => buildDog(t.ctx, { user })));
    const results = await Promise.all(
      guests.map((u, i) =>
        request(http.server).post(`/api/playdates/${playdate.body.id}/participants`).set('Cookie', sessionCookie(t.ctx, u)).send({ dog_id: dogs[i]?.id }),
      ),
    );
    expect(statuses(results)).toEqual(
      new Map([
        [200, 3],
        [409, 3],
      ]),
    );
    expect(await t.ctx.db.selectFrom('playdate_participants').select('dog_id').where('playdate_id', '=', playdate.body.id).execute()).toHaveLength(3);
  });

  it(`push subscriptions: 40 devices at once → the newest ${MAX_SUBSCRIPTIONS_PER_USER} kept`, async () => {
    const user = await buildUser(t.ctx);
    await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        upsertSubscription(t.ctx.db, { userId: user.id, endpoint: `https://push.example/${user.id}/${i}`, p256dh: 'p', auth: 'a', now: now() }),
      ),
    );
    expect(await t.ctx.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER);
  });
});
