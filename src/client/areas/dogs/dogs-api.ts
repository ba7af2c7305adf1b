import type { Dog } from '../../api/types.js';
import type { Page } from '../../ui/paged-list.js';
import { useResource } from '../../ui/states.js';

export type { Dog } from '../../api/types.js';

/** The user's dogs (at most 200, more than anyone keeps); other areas use it for their dog pickers. */
export function useDogs() {
  return useResource<Page<Dog>>('/api/dogs?limit=200');
}
