import type { AppContext } from '#core/context.js';
import { fetchFoodAlerts, type FoodAlert } from './food-alerts.client.js';

/** An hour between asks (the feed has no documented limits: poll rarely, upstreams.md §5.1). */
export const CACHE_MS = 60 * 60 * 1000;
/** After a failed ask the feed is tried again sooner: ten minutes, so a short outage does not hide warnings for an hour. */
export const RETRY_MS = 10 * 60 * 1000;

/**
 * What the app is told. `ok`: the feed answered at `checked_at`. `stale`: the feed is away; `items` is the last list
 * it gave, fetched at `checked_at`. `unreachable`: the feed is away and no earlier list is at hand (or it answered
 * 404/410/503, which the spec makes an empty list); `checked_at` is when it was last asked.
 */
export interface FoodAlertsAnswer {
  items: FoodAlert[];
  status: 'ok' | 'stale' | 'unreachable';
  checked_at: string;
}

interface Cache {
  answer: FoodAlertsAnswer | undefined;
  /** When the feed is asked next (epoch ms). */
  nextAskAt: number;
  /** The last list the feed gave, for `stale` answers while it is away. */
  lastGood: { alerts: FoodAlert[]; at: string } | undefined;
  pending?: Promise<FoodAlertsAnswer>;
}

const caches = new WeakMap<AppContext, Cache>();

/**
 * The pet-food alerts, cached per instance for an hour; concurrent requests share one upstream call. The answer says
 * whether the list is fresh, the last one that worked (`stale`), or whether the feed could not be reached at all, so
 * the app can tell "no warnings" from "feed away". 404/410/503 from the feed mean an empty list (the spec, logged as a
 * warning) and drop the kept list; any other failure keeps it.
 */
export async function foodAlerts(ctx: AppContext): Promise<FoodAlertsAnswer> {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = { answer: undefined, nextAskAt: -Infinity, lastGood: undefined }));
  const now = ctx.clock.now();
  if (cache.answer && now.getTime() < cache.nextAskAt) return cache.answer;
  const c = cache;
  c.pending ??= fetchFoodAlerts(ctx)
    .then((result) => {
      const at = now.toISOString();
      if (result.kind === 'ok') {
        c.lastGood = { alerts: result.alerts, at };
        c.answer = { items: result.alerts, status: 'ok', checked_at: at };
      } else {
        if (result.kind === 'gone') c.lastGood = undefined;
        c.answer = c.lastGood ? { items: c.lastGood.alerts, status: 'stale', checked_at: c.lastGood.at } : { items: [], status: 'unreachable', checked_at: at };
      }
      c.nextAskAt = now.getTime() + (result.kind === 'ok' ? CACHE_MS : RETRY_MS);
      return c.answer;
    })
    .finally(() => {
      c.pending = undefined;
    });
  return c.pending;
}
