import type { Generated } from 'kysely';

/** Trips abroad (migration 0054): times as ISO instants, days as YYYY-MM-DD. */
export interface TripsTable {
  id: Generated<number>;
  dog_id: number;
  country: string;
  entry_at: string;
  return_at: string | null;
  notes: string | null;
  tapeworm_treated_at: string | null;
  ahc_issued_on: string | null;
  titer_sampled_on: string | null;
  titer_result_iu_ml: number | null;
  created_at: string;
  updated_at: string;
}

export interface TripsTables {
  trips: TripsTable;
}
