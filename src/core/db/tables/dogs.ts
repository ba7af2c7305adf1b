import type { Generated } from 'kysely';

export interface DogsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  breed: string | null;
  /** Link to the breed wiki (/rassen/<slug>). */
  breed_slug: string | null;
  bio: string | null;
  birth_date: string | null;
  sex: string | null; // 'male' | 'female'
  neutered: number | null;
  chip_number: string | null;
  /** Trips abroad (migration 0053): the EU pet passport's number and the day the chip was implanted. */
  pet_passport_number: string | null;
  chip_implanted_on: string | null;
  weight_kg: number | null;
  color: string | null;
  photo_url: string | null;
  created_at: string;
  updated_at: string;
}

export interface DogsTables {
  dogs: DogsTable;
}
