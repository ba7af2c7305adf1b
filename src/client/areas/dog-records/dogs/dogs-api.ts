import { apiGet } from '../../../core/api.js';
import type { Dog } from '../../../api/types.js';
import type { Page } from '../../../ui/paged-list.js';
import { useResource, type Resource } from '../../../ui/states.js';

export type { Dog } from '../../../api/types.js';

/** A dog one may write for: one's own, or one shared by its owner (then with owner_name). */
export type DogOrShared = Dog & { owner_name?: string };

/** The user's dogs (at most 200, more than anyone keeps); other areas use it for their dog pickers. */
export function useDogs() {
  return useResource(apiGet('/api/dogs', { params: { query: { limit: 200 } } }));
}

/** The dogs others share with the user (family sharing), as the owner sees them, with the owner's name (at most 200). */
export function useSharedDogs() {
  return useResource(apiGet('/api/shared-dogs', { params: { query: { limit: 200 } } }));
}

/**
 * Own dogs, then the shared ones: for the screens where a caregiver writes too (diary, walks). A failing shared
 * list never hides the own dogs.
 */
export function useDogsWithShared(): [Resource<Page<DogOrShared>>, () => void] {
  const [own, reloadOwn] = useDogs();
  const [shared, reloadShared] = useSharedDogs();
  const reload = () => {
    reloadOwn();
    reloadShared();
  };
  if (own.status !== 'ready') return [own, reload];
  if (shared.status === 'loading') return [{ status: 'loading' }, reload];
  const extra = shared.status === 'ready' ? shared.data.items : [];
  return [{ ...own, data: { ...own.data, items: [...own.data.items, ...extra] } }, reload];
}
