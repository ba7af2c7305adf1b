import { apiGet } from '../../../core/api.js';
import { useResource } from '../../../ui/states.js';

/** The alerts, newest first (the feed's order is not promised), with the server's word on the feed (ok, stale, unreachable). */
export function useFoodAlerts() {
  const [resource, reload] = useResource(apiGet('/api/food-alerts'));
  const sorted =
    resource.status === 'ready'
      ? { ...resource, data: { ...resource.data, items: [...resource.data.items].sort((a, b) => b.published_at.localeCompare(a.published_at)) } }
      : resource;
  return [sorted, reload] as const;
}
