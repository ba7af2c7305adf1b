import { addDays, dateInZone, startOfDay } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { tooManyRequests } from '#core/http/route/errors.js';
import { countRoutingRequest, routingRequestsOn } from './routing-budget.repo.js';

/**
 * The app's daily routing budget (issue 29). openrouteservice's key allows ROUTING_DAILY_LIMIT directions a day
 * (2,000 on a free key) for the whole application, whoever asks; past it the upstream answers 403 and every planner
 * fails. So every request that goes upstream — each attempt, a retry too; never a cache hit — is counted per
 * Berlin day (TZ_APP) in the database, which all instances share.
 *
 * The last RESERVE_PERCENT of the day is kept for those the weekly allowance does not limit (premium users and
 * staff, decisions: "The routing quota does not apply to admins, moderators and premium users"): free users, who
 * already get only 20 plans a week, stop at 90 % (1,800 of 2,000) with a German 429; at 100 % everyone does, before
 * the upstream refuses. Retry-After points at the next Berlin midnight, when the count starts again.
 */
export const RESERVE_PERCENT = 10;

export function routingBudget(limit: number): { limit: number; freeCeiling: number } {
  return { limit, freeCeiling: limit - Math.floor((limit * RESERVE_PERCENT) / 100) };
}

const BUSY = 'Die Routenplanung ist heute ausgelastet. Ab Mitternacht kannst du wieder planen.';
const BUSY_FREE = 'Die Routenplanung ist heute ausgelastet. Ab Mitternacht kannst du wieder planen – mit Pro auch heute noch.';

/**
 * Counts one upstream routing request of today's budget, or refuses it with a 429 that counts nothing.
 * `mayUseReserve`: premium users and staff, who may spend the reserve.
 */
export async function spendRoutingRequest(ctx: AppContext, mayUseReserve: boolean): Promise<void> {
  const now = ctx.clock.now();
  const day = dateInZone(now, ctx.config.timeZone);
  const { limit, freeCeiling } = routingBudget(ctx.config.upstream.routingDailyLimit);
  const count = await countRoutingRequest(ctx.db, day, mayUseReserve ? limit : freeCeiling);
  if (count !== null) {
    // Each crossing is logged once: the request whose count reaches the mark is the only one to see it.
    if (count === limit) ctx.log.warn({ upstream: 'routing', day, requests: count, limit }, 'routing: the daily budget is used up until midnight');
    else if (count === freeCeiling) ctx.log.warn({ upstream: 'routing', day, requests: count, limit }, 'routing: only the premium reserve is left today');
    return;
  }
  const midnight = Date.parse(startOfDay(addDays(day, 1), ctx.config.timeZone));
  const premiumStillPlans = !mayUseReserve && (await routingRequestsOn(ctx.db, day)) < limit;
  throw tooManyRequests(premiumStillPlans ? BUSY_FREE : BUSY, (midnight - now.getTime()) / 1000, 'routing_busy');
}
