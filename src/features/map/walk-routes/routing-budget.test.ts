import request from 'supertest';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { agentAs, buildUser, sessionCookie } from '../../../../test/helpers/factories.js';
import { freshPoints, planRoute, startFakeRouting } from '../../../../test/helpers/route-planning.js';
import { secondInstance, useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';
import { countRoutingRequest } from './routing-budget.repo.js';
import { routingBudget } from './routing-budget.js';

/**
 * The app's daily routing budget (issue 29) with ROUTING_DAILY_LIMIT=10: free users stop at 9 (the last 10 % are
 * the premium reserve), everyone at 10. Each test plans on a day of its own, so the counts do not meet.
 */
const ors = await startFakeRouting();
const clock = fixedClock('2026-06-01T08:00:00Z');
const t = useTestApp({ clock, env: { ROUTING_URL: ors.url, ROUTING_API_KEY: ors.key, ROUTING_DAILY_LIMIT: '10' } });

const usage = async (day: string) =>
  Number((await t.ctx.db.selectFrom('routing_usage').select('requests').where('day', '=', day).executeTakeFirst())?.requests ?? 0);
const premium = () => buildUser(t.ctx, { is_premium: 1, subscription_tier: 'pro' });

beforeEach(() => {
  ors.mode = 'ok';
  ors.failFirst = 0;
  ors.requests = [];
});

describe('the daily routing budget', () => {
  it('keeps the last 10 % for premium users and staff: 1,800 of 2,000 for free users', () => {
    expect(routingBudget(2000)).toEqual({ limit: 2000, freeCeiling: 1800 });
    expect(routingBudget(10)).toEqual({ limit: 10, freeCeiling: 9 });
    expect(t.ctx.config.upstream.routingDailyLimit).toBe(10);
  });

  it('counts every request that reaches openrouteservice (a retry too), nothing else: cache hits, bad bodies, weekly refusals', async () => {
    clock.set('2026-06-01T08:00:00Z');
    const day = '2026-06-01';
    const user = await buildUser(t.ctx);
    const a = agentAs(t, user);
    const points = freshPoints();
    await planRoute(a, points, 200);
    expect(await usage(day)).toBe(1);
    // The same request again, by the same user or another: the day cache answers, the budget is not touched.
    expect((await planRoute(a, points, 200)).body.cached).toBe(true);
    expect((await planRoute(agentAs(t, await buildUser(t.ctx)), points, 200)).body.cached).toBe(true);
    await planRoute(a, [[48, 11]], 400);
    expect(await usage(day)).toBe(1);
    // A 500, then the retry's answer: two requests upstream, two counted.
    ors.failFirst = 1;
    await planRoute(a, freshPoints(), 200);
    // "No route" came from upstream: counted, though the user's allowance is not.
    ors.mode = 'no-route';
    await planRoute(a, freshPoints(), 422);
    expect(await usage(day)).toBe(4);
    expect(ors.requests).toHaveLength(4);
    // A user past the weekly allowance is refused before anything goes upstream.
    const spent = await buildUser(t.ctx);
    const at = clock.now().toISOString();
    await t.ctx.db
      .insertInto('route_plans')
      .values(Array.from({ length: 20 }, () => ({ user_id: spent.id, planned_at: at })))
      .execute();
    ors.mode = 'ok';
    expect((await planRoute(agentAs(t, spent), freshPoints(), 429)).body.error.code).toBe('route_quota_exceeded');
    expect(await usage(day)).toBe(4);
    expect(ors.requests).toHaveLength(4);
  });

  it('at the reserve free users get a German 429 until Berlin midnight while premium users plan; at the limit everyone does, and nothing more goes upstream', async () => {
    clock.set('2026-06-02T08:00:00Z'); // 10:00 in Berlin (summer time): midnight is 14 hours away
    const day = '2026-06-02';
    const warn = vi.spyOn(t.ctx.log, 'warn');
    const free = await buildUser(t.ctx);
    const f = agentAs(t, free);
    const p = agentAs(t, await premium());
    const staff = agentAs(t, await buildUser(t.ctx, { rolle: 'moderator' }));
    const known = freshPoints();
    await planRoute(f, known, 200);
    for (let i = 0; i < 8; i++) await planRoute(p, freshPoints(), 200);
    expect(await usage(day)).toBe(9);
    expect(warn.mock.calls.filter((c) => c[1] === 'routing: only the premium reserve is left today')).toHaveLength(1);

    const refused = await planRoute(f, freshPoints(), 429);
    expect(refused.body.error).toEqual({
      code: 'routing_busy',
      message: 'Die Routenplanung ist heute ausgelastet. Ab Mitternacht kannst du wieder planen – mit Pro auch heute noch.',
    });
    expect(refused.headers['retry-after']).toBe(String(14 * 3600));
    // The refusal cost the free user nothing of the week's 20 (one plan so far) and nothing of the budget.
    expect((await planRoute(f, known, 200)).body).toMatchObject({ cached: true, remaining_this_week: 19 });
    expect(await usage(day)).toBe(9);

    await planRoute(staff, freshPoints(), 200);
    expect(await usage(day)).toBe(10);
    expect(warn.mock.calls.filter((c) => c[1] === 'routing: the daily budget is used up until midnight')).toHaveLength(1);
    for (const agent of [p, staff, f]) {
      const res = await planRoute(agent, freshPoints(), 429);
      expect(res.body.error).toEqual({ code: 'routing_busy', message: 'Die Routenplanung ist heute ausgelastet. Ab Mitternacht kannst du wieder planen.' });
      expect(res.headers['retry-after']).toBe(String(14 * 3600));
    }
    expect(ors.requests).toHaveLength(10);
    expect(await usage(day)).toBe(10);
    // Cached answers stay free for everyone.
    expect((await planRoute(p, known, 200)).body.cached).toBe(true);
    warn.mockRestore();
  });

  it('starts again at Berlin midnight (here the night summer time ends: 23:00 UTC)', async () => {
    clock.set('2026-10-25T08:00:00Z'); // 09:00 in Berlin, winter time since 03:00
    await t.ctx.db.insertInto('routing_usage').values({ day: '2026-10-25', requests: 10 }).execute();
    const p = agentAs(t, await premium());
    expect((await planRoute(p, freshPoints(), 429)).headers['retry-after']).toBe(String(15 * 3600));
    clock.set('2026-10-25T22:59:59Z');
    expect((await planRoute(p, freshPoints(), 429)).headers['retry-after']).toBe('1');
    expect(ors.requests).toHaveLength(0);
    clock.set('2026-10-25T23:00:00Z');
    await planRoute(p, freshPoints(), 200);
    expect(await usage('2026-10-26')).toBe(1);
    expect(await usage('2026-10-25')).toBe(10);
  });

  it('two instances on one database count together', async () => {
    clock.set('2026-06-03T08:00:00Z');
    const day = '2026-06-03';
    const other = secondInstance(t.ctx.config, { clock });
    try {
      const user = await premium();
      const here = agentAs(t, user);
      const there = agentAs(other, user);
      for (let i = 0; i < 10; i++) await planRoute(i % 2 ? there : here, freshPoints(), 200);
      await planRoute(there, freshPoints(), 429);
      await planRoute(here, freshPoints(), 429);
      expect(await usage(day)).toBe(10);
      expect(ors.requests).toHaveLength(10);

      // At once: 16 requests on both instances for the next day's 10; exactly 10 go upstream.
      clock.set('2026-06-04T08:00:00Z');
      ors.requests = [];
      const users = await Promise.all(Array.from({ length: 4 }, () => premium()));
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          request(i % 2 ? other.app : t.app)
            .post('/api/routes/plan')
            .set('Cookie', sessionCookie(t.ctx, users[i % 4]!))
            .send({ points: freshPoints() }),
        ),
      );
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(6);
      expect(ors.requests).toHaveLength(10);
      expect(await usage('2026-06-04')).toBe(10);

      // The count itself, raced without HTTP in between: 40 calls on both instances' connections for 10 places.
      const counted = await Promise.all(Array.from({ length: 40 }, (_, i) => countRoutingRequest((i % 2 ? other.ctx : t.ctx).db, '2026-06-05', 10)));
      expect(counted.filter((c) => c !== null).sort((x, y) => x! - y!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(await usage('2026-06-05')).toBe(10);
    } finally {
      await other.close();
    }
  });
});
