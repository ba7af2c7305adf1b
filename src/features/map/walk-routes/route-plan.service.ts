import { PLAN_LIMITS } from '#shared/plans.js';
import type { z } from 'zod';
import { isStaff, type Actor } from '#core/auth/session-user.js';
import { dateInZone } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { lockRow } from '#core/db/row-lock.js';
import { tooManyRequests } from '#core/http/route/errors.js';
import { planFootRoute } from './ors.client.js';
import { cachedPlan, cachePlan, dropPlan, dropPlansUpTo, plansSince, reservePlan } from './route-plan.repo.js';
import type { Plan, PlanBody } from './walk-routes.schemas.js';

/**
 * Route plans (spec, Limits: routing 20 a week with a per-day cache): a free user may let the routing service plan
 * 20 routes in any 7 days (rolling); the 21st is 429 with Retry-After until the oldest leaves the window. Premium
 * users and staff plan without a limit. The same request (profile and points to 5 decimals, about 1 m) on the same
 * Berlin day is answered from the cache — for anyone — and does not count. Only plans the service answered count:
 * an outage or quota answer upstream costs the user nothing (upstreams.md §4 client strategy). Every request that goes
 * upstream also counts in the app's daily budget (routing-budget.ts: the last 10 % for premium users and staff);
 * a plan it refuses (429 `routing_busy`) costs the user nothing either.
 */
/** The plan comparison names the same number (src/shared/plans.ts). */
export const PLANS_PER_WEEK = PLAN_LIMITS.routePlansPerWeek.free;
const WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

const unlimited = (actor: Actor) => actor.is_premium === 1 || isStaff(actor);

function cacheKey(body: z.infer<typeof PlanBody>, day: string): string {
  return `${body.profile}|${day}|${body.points.map(([lat, lon]) => `${lat.toFixed(5)},${lon.toFixed(5)}`).join(';')}`;
}

function refuse(oldest: string | undefined, now: Date): never {
  const seconds = oldest ? Math.max(1, Math.ceil((Date.parse(oldest) + WINDOW_MS - now.getTime()) / 1000)) : 3600;
  throw tooManyRequests(
    `Du hast diese Woche schon ${PLANS_PER_WEEK} Routen geplant. Mit Pro planst du ohne Grenze – oder versuch es in ein paar Tagen wieder.`,
    seconds,
    'route_quota_exceeded',
  );
}

export async function planRoute(ctx: AppContext, actor: Actor, body: z.infer<typeof PlanBody>): Promise<z.infer<typeof Plan>> {
  const now = ctx.clock.now();
  const day = dateInZone(now, ctx.config.timeZone);
  const since = new Date(now.getTime() - WINDOW_MS).toISOString();
  const key = cacheKey(body, day);
  const remaining = async () => (unlimited(actor) ? null : Math.max(0, PLANS_PER_WEEK - (await plansSince(ctx.db, actor.id, since)).length));

  const hit = await cachedPlan(ctx.db, key);
  if (hit) {
    const geometry = { type: 'LineString' as const, coordinates: JSON.parse(hit.geometry_json) as [number, number][] };
    return { geometry, distance_m: hit.distance_m, duration_s: hit.duration_s, cached: true, remaining_this_week: await remaining() };
  }

  // Counted and reserved under the user row's lock: requests racing at 19 take the last plan exactly once.
  let reservation: number | null = null;
  if (!unlimited(actor)) {
    reservation = await ctx.db.transaction().execute(async (trx) => {
      await lockRow(trx, 'users', actor.id);
      const window = await plansSince(trx, actor.id, since);
      if (window.length >= PLANS_PER_WEEK) refuse(window[0]?.planned_at, now);
      return reservePlan(trx, actor.id, now.toISOString());
    });
  }
  let line;
  try {
    line = await planFootRoute(ctx, body.profile, body.points, unlimited(actor));
  } catch (err) {
    if (reservation !== null) await dropPlan(ctx.db, reservation);
    throw err;
  }
  await cachePlan(ctx.db, { cache_key: key, day, geometry_json: JSON.stringify(line.coordinates), distance_m: line.distance_m, duration_s: line.duration_s });
  await dropPlansUpTo(ctx.db, actor.id, since);
  return {
    geometry: { type: 'LineString', coordinates: line.coordinates },
    distance_m: line.distance_m,
    duration_s: line.duration_s,
    cached: false,
    remaining_this_week: await remaining(),
  };
}
