import type { Page } from '../../ui/paged-list.js';
import { useResource } from '../../ui/states.js';

/** A dog as GET /api/dogs answers it (src/features/dogs/dogs.schemas.ts). */
export interface Dog {
  id: number;
  user_id: number;
  name: string;
  breed: string | null;
  breed_slug: string | null;
  breed_url: string | null;
  bio: string | null;
  birth_date: string | null;
  sex: 'male' | 'female' | null;
  neutered: 0 | 1 | null;
  chip_number: string | null;
  weight_kg: number | null;
  color: string | null;
  photo_url: string | null;
  created_at: string;
  updated_at: string;
}

/** The user's dogs (at most 200, more than anyone keeps); other areas use it for their dog pickers. */
export function useDogs() {
  return useResource<Page<Dog>>('/api/dogs?limit=200');
}
