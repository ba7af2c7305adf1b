import type { Generated } from 'kysely';

export interface LittersTable {
  id: Generated<number>;
  user_id: number;
  mother_dog_id: number;
  father_dog_id: number | null;
  father_name: string | null;
  mating_date: string | null;
  birth_date: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

export interface PuppiesTable {
  id: Generated<number>;
  litter_id: number;
  name: string | null;
  collar_color: string;
  sex: string;
  birth_weight_g: number | null;
  chip_number: string | null;
  buyer_name: string | null;
  buyer_contact: string | null;
  handover_date: string | null;
  vaccinations: string | null;
  created_at: string;
  updated_at: string;
}

export interface PuppyWeightsTable {
  id: Generated<number>;
  puppy_id: number;
  date: string;
  weight_g: number;
  created_at: string;
}

/** Litters, puppies and their weights (area breeder). */
export interface BreederTables {
  litters: LittersTable;
  puppies: PuppiesTable;
  puppy_weights: PuppyWeightsTable;
}
