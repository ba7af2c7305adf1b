import { isStaff, type Actor } from '#core/auth/session-user.js';
import { DAY, dateInZone, startOfDay } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { lockRow } from '#core/db/row-lock.js';
import { AppError } from '#core/http/route/errors.js';
import { PLAN_LIMITS } from '#shared/plans.js';
import { countUses, deleteUse, insertUse, type AiFeature } from './ai-usage.repo.js';

/**
 * The free/premium split (decisions, AI): free users get 5 note analyses a calendar month (Europe/Berlin) and 1
 * training plan a week (the last 7 days); premium users (is_premium, admin, moderator) analyse without a cap and
 * get plans at the spec's 10 per hour (the aiTraining rate limit, core/http/guards/rate-limit.ts).
 */
export const FREE_QUOTA: Record<AiFeature, number> = {
  note_analysis: PLAN_LIMITS.noteAnalysesPerMonth.free,
  training_plan: PLAN_LIMITS.trainingPlansPerWeek.free,
};

export const isPremium = (actor: Actor): boolean => actor.is_premium === 1 || isStaff(actor);

/** Where the feature's quota window begins, as an ISO instant. */
function windowStart(ctx: AppContext, feature: AiFeature): string {
  const now = ctx.clock.now();
  if (feature === 'training_plan') return new Date(now.getTime() - 7 * DAY).toISOString();
  return startOfDay(`${dateInZone(now, ctx.config.timeZone).slice(0, 8)}01`, ctx.config.timeZone);
}

/** How many uses of the feature a free user has left (null: no cap for this user). */
export async function usesLeft(ctx: AppContext, actor: Actor, feature: AiFeature): Promise<number | null> {
  if (isPremium(actor)) return null;
  return Math.max(0, FREE_QUOTA[feature] - (await countUses(ctx.db, actor.id, feature, windowStart(ctx, feature))));
}

const REFUSED: Record<AiFeature, string> = {
  note_analysis: 'Du hast deine 5 KI-Analysen für diesen Monat schon genutzt. Mit Pro analysierst du so viele Notizen, wie du willst.',
  training_plan: 'Du hast diese Woche schon einen Trainingsplan bekommen. Mit Pro bekommst du bis zu 10 pro Stunde.',
};

/**
 * Takes one use from a free user's quota before the AI is asked: counted and written under the user row's lock, so
 * requests at once take the last use exactly once (the others are refused). Answers a release that gives the use
 * back when the AI fails (a failed call costs the user nothing).
 */
export async function takeUse(ctx: AppContext, actor: Actor, feature: AiFeature): Promise<() => Promise<void>> {
  if (isPremium(actor)) return async () => {};
  const id = await ctx.db.transaction().execute(async (trx) => {
    await lockRow(trx, 'users', actor.id);
    if ((await countUses(trx, actor.id, feature, windowStart(ctx, feature))) >= FREE_QUOTA[feature])
      throw new AppError(429, 'ai_quota_exceeded', REFUSED[feature]);
    return insertUse(trx, actor.id, feature, ctx.clock.now().toISOString());
  });
  return () => deleteUse(ctx.db, id);
}
