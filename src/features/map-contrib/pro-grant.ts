import type { AppContext } from '../../core/context.js';
import type { Db } from '../../core/db/index.js';
import { notify } from '../notifications/index.js';

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

/** The end of the user's running granted Pro, or null. */
export async function activeProUntil(db: Db, userId: number, now: string): Promise<string | null> {
  const row = await db
    .selectFrom('map_contribution_grants')
    .select((eb) => eb.fn.max('pro_until').as('until'))
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('pro_until', '>', now)
    .executeTakeFirst();
  return row?.until ?? null;
}

async function grantBlock(ctx: AppContext, userId: number, block: number): Promise<boolean> {
  const now = ctx.clock.now();
  const made = await ctx.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select(['subscription_tier']).where('id', '=', userId).executeTakeFirst();
    if (!user) return false;
    const running = await trx
      .selectFrom('map_contribution_grants')
      .select(['pro_until', 'lifted_from'])
      .where('user_id', '=', userId)
      .where('ended_at', 'is', null)
      .where('pro_until', '>', now.toISOString())
      .orderBy('pro_until', 'desc')
      .executeTakeFirst();
    const start = running ? Date.parse(running.pro_until) : now.getTime();
    // A chain of grants lifts from the tier before the first of them.
    const liftedFrom = running ? running.lifted_from : PRO_OR_MORE.has(user.subscription_tier) ? null : user.subscription_tier;
    const inserted = await trx
      .insertInto('map_contribution_grants')
      .values({
        user_id: userId,
        block,
        granted_at: now.toISOString(),
        pro_until: new Date(start + GRANT_DAYS * DAY_MS).toISOString(),
        lifted_from: liftedFrom,
      })
      .onConflict((oc) => oc.columns(['user_id', 'block']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await trx
      .updateTable('users')
      .set({ subscription_tier: liftedFrom !== null ? 'pro' : user.subscription_tier, is_premium: 1, updated_at: now.toISOString() })
      .where('id', '=', userId)
      .execute();
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
  const due = await ctx.db
    .selectFrom('map_contributions as c')
    .select(['c.user_id', (eb) => eb.fn.countAll<number>().as('confirmed')])
    .where('c.status', '=', 'confirmed')
    .groupBy('c.user_id')
    .having((eb) => eb.fn.countAll(), '>=', CONFIRMED_PER_GRANT)
    .execute();
  let made = 0;
  for (const { user_id, confirmed } of due) {
    const blocks = Math.floor(Number(confirmed) / CONFIRMED_PER_GRANT);
    const last = await ctx.db
      .selectFrom('map_contribution_grants')
      .select((eb) => eb.fn.max('block').as('block'))
      .where('user_id', '=', user_id)
      .executeTakeFirst();
    for (let block = Number(last?.block ?? 0) + 1; block <= blocks; block++) if (await grantBlock(ctx, user_id, block)) made++;
  }
  return made;
}

/** Ends grants whose year is over; the last one of a chain returns a lifted user to their tier. */
export async function endExpiredGrants(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now().toISOString();
  const expired = await ctx.db
    .selectFrom('map_contribution_grants')
    .select(['id', 'user_id', 'lifted_from'])
    .where('ended_at', 'is', null)
    .where('pro_until', '<=', now)
    .execute();
  for (const grant of expired) {
    await ctx.db.transaction().execute(async (trx) => {
      const ended = await trx
        .updateTable('map_contribution_grants')
        .set({ ended_at: now })
        .where('id', '=', grant.id)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      if (Number(ended.numUpdatedRows) === 0 || grant.lifted_from === null) return;
      const stillRunning = await trx
        .selectFrom('map_contribution_grants')
        .select('id')
        .where('user_id', '=', grant.user_id)
        .where('ended_at', 'is', null)
        .where('pro_until', '>', now)
        .executeTakeFirst();
      if (stillRunning) return;
      // A plan an admin granted since the chain began is paid for: it stays.
      const firstLift = await trx
        .selectFrom('map_contribution_grants')
        .select((eb) => eb.fn.min('granted_at').as('at'))
        .where('user_id', '=', grant.user_id)
        .where('lifted_from', 'is not', null)
        .executeTakeFirst();
      const paid = await trx
        .selectFrom('upgrade_requests')
        .select('id')
        .where('user_id', '=', grant.user_id)
        .where('status', '=', 'fulfilled')
        .where('decided_at', '>=', firstLift?.at ?? now)
        .executeTakeFirst();
      if (paid) return;
      await trx
        .updateTable('users')
        .set({ subscription_tier: grant.lifted_from, is_premium: 0, updated_at: now })
        .where('id', '=', grant.user_id)
        .where('subscription_tier', '=', 'pro')
        .execute();
    });
  }
  return expired.length;
}
