import type { AppContext } from '#core/context.js';
import { notify } from '../../accounts/notifications/index.js';
import {
  endGrant,
  expiredGrants,
  firstLiftAt,
  hasRunningGrant,
  insertGrant,
  lastGrantedBlock,
  latestRunningGrant,
  paidUpgradeSince,
  setUserPlan,
  userTier,
  usersWithConfirmed,
} from './pro-grant.repo.js';

/**
 * The Pro grant (spec, Map contribution): every block of 100 confirmed contributions gives one year of Pro, once
 * per block. The unique key (user_id, block) makes it idempotent: a second run, or a second instance racing the
 * first, inserts nothing and changes nothing. A year granted while one still runs starts when that one ends.
 *
 * A free user is lifted to tier pro (is_premium 1) and the grant remembers the tier it lifted them from; when the
 * last running grant ends, they go back to it, unless an admin fulfilled an upgrade request since (then the paid
 * plan stays). Users who already have Pro or the breeder plan keep their tier; their grant is recorded.
 */
export const CONFIRMED_PER_GRANT = 100;
const GRANT_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;
const PRO_OR_MORE = new Set(['pro', 'breeder', 'breeder_test']);

async function grantBlock(ctx: AppContext, userId: number, block: number): Promise<boolean> {
  const now = ctx.clock.now();
  const made = await ctx.db.transaction().execute(async (trx) => {
    const tier = await userTier(trx, userId);
    if (!tier) return false;
    const running = await latestRunningGrant(trx, userId, now.toISOString());
    const start = running ? Date.parse(running.pro_until) : now.getTime();
    // A chain of grants lifts from the tier before the first of them.
    const liftedFrom = running ? running.lifted_from : PRO_OR_MORE.has(tier) ? null : tier;
    const inserted = await insertGrant(trx, {
      user_id: userId,
      block,
      granted_at: now.toISOString(),
      pro_until: new Date(start + GRANT_DAYS * DAY_MS).toISOString(),
      lifted_from: liftedFrom,
    });
    if (!inserted) return false;
    // Pro or more already: the grant is recorded and the plan stays as it is (a breeder_test account is no paying
    // customer and must not become premium through the back door).
    if (liftedFrom !== null) await setUserPlan(trx, userId, 'pro', 1, now.toISOString());
    return true;
  });
  if (made) {
    await notify(
      ctx,
      userId,
      'map_contribution',
      {
        title: 'Ein Jahr Pro für dich!',
        body: `Danke für ${block * CONFIRMED_PER_GRANT} bestätigte Karten-Beiträge. Pro ist jetzt ein Jahr lang freigeschaltet.`,
        url: '/app/karte/beitraege',
        tag: `map-grant-${block}`,
      },
      { dedupeKey: `map-grant:u${userId}:b${block}` },
    );
  }
  return made;
}

/** Grants every block that is due; returns how many were made. */
export async function grantDueBlocks(ctx: AppContext): Promise<number> {
  const due = await usersWithConfirmed(ctx.db, CONFIRMED_PER_GRANT);
  let made = 0;
  for (const { user_id, confirmed } of due) {
    const blocks = Math.floor(Number(confirmed) / CONFIRMED_PER_GRANT);
    for (let block = (await lastGrantedBlock(ctx.db, user_id)) + 1; block <= blocks; block++) if (await grantBlock(ctx, user_id, block)) made++;
  }
  return made;
}

/** Ends grants whose year is over; the last one of a chain returns a lifted user to their tier. */
export async function endExpiredGrants(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now().toISOString();
  const expired = await expiredGrants(ctx.db, now);
  for (const grant of expired) {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await endGrant(trx, grant.id, now)) || grant.lifted_from === null) return;
      if (await hasRunningGrant(trx, grant.user_id, now)) return;
      // A plan an admin granted since the chain began is paid for: it stays.
      if (await paidUpgradeSince(trx, grant.user_id, (await firstLiftAt(trx, grant.user_id)) ?? now)) return;
      await setUserPlan(trx, grant.user_id, grant.lifted_from, 0, now, 'pro');
    });
  }
  return expired.length;
}
