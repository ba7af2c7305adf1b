import type { Generated } from 'kysely';

/** Where a user lives (features/accounts/place): filled from the home area unless set by hand (manual = 1). */
export interface UserPlacesTable {
  user_id: number;
  country: string | null;
  region: string | null;
  manual: Generated<number>;
  updated_at: string;
}

/** What the owner recorded for a dog's duty (features/dog-records/duties): one row per dog and code. */
export interface DogDutiesTable {
  id: Generated<number>;
  dog_id: number;
  code: string;
  provider: string | null;
  number: string | null;
  amount_cents: number | null;
  due_on: string | null;
  renews_on: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

export interface PlaceTables {
  user_places: UserPlacesTable;
  dog_duties: DogDutiesTable;
}
