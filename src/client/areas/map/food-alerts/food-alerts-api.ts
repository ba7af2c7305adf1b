import type { FoodAlert } from '../../../api/types.js';
import { useResource } from '../../../ui/states.js';

/** The alerts, newest first (the feed's order is not promised). */
export function useFoodAlerts() {
  const [resource, reload] = useResource<{ items: FoodAlert[] }>('/api/food-alerts');
  const sorted =
    resource.status === 'ready' ? { ...resource, data: [...resource.data.items].sort((a, b) => b.published_at.localeCompare(a.published_at)) } : resource;
  return [sorted, reload] as const;
}
