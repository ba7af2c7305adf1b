import { apiGet } from '../../../core/api.js';
import { useResource } from '../../../ui/states.js';

/** The admin to-do counter: open upgrade requests whose user still exists (counted by the server). */
export function useOpenUpgradeCount(enabled: boolean): { open: number | null; reload: () => void } {
  const [count, reload] = useResource(enabled ? apiGet('/api/admin/upgrade-requests/open-count') : null);
  return { open: count.status === 'ready' ? count.data.open : null, reload };
}
