import type { AppContext } from '../../../core/context.js';
import { fetchFoodAlerts, type FoodAlert } from './food-alerts.client.js';

/** An hour between asks (the feed has no documented limits: poll rarely, upstreams.md §5.1). */
export const CACHE_MS = 60 * 60 * 1000;

interface Cache {
  alerts: FoodAlert[];
  fetchedAt: number;
  pending?: Promise<FoodAlert[]>;
}
const caches = new WeakMap<AppContext, Cache>();

/**
 * The pet-food alerts, cached per instance for an hour; concurrent requests share one upstream call. 404/410/503
 * from the feed mean "no alerts" (an empty list, a warning); any other failure keeps the last list that worked.
 */
export async function foodAlerts(ctx: AppContext): Promise<FoodAlert[]> {
  const cache = caches.get(ctx) ?? { alerts: [], fetchedAt: -Infinity };
  caches.set(ctx, cache);
  const now = ctx.clock.now().getTime();
  if (now - cache.fetchedAt < CACHE_MS) return cache.alerts;
  cache.pending ??= fetchFoodAlerts(ctx)
    .then((result) => {
      if (result.kind === 'ok') cache.alerts = result.alerts;
      if (result.kind === 'gone') cache.alerts = [];
      cache.fetchedAt = now;
      return cache.alerts;
    })
    .finally(() => {
      cache.pending = undefined;
    });
  return cache.pending;
}
