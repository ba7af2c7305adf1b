import type { Generated } from 'kysely';

/** The frame every per-dog record table shares (src/core/records relies on it). */
export interface RecordFrame {
  id: Generated<number>;
  dog_id: number;
  created_at: string;
  updated_at: string;
}

export interface VaccinationsTable extends RecordFrame {
  vaccine: string;
  date: string;
  next_due: string | null;
  batch_number: string | null;
  vet_name: string | null;
  notes: string | null;
  /** The overdue reminders' state (migration 0045): the step last reminded, for which due date, on which day. */
  overdue_due: string | null;
  overdue_step: number | null;
  overdue_reminded_on: string | null;
  /** The due date whose overdue reminders the owner dismissed. */
  reminder_dismissed_due: string | null;
  /** JSON list of disease codes (migration 0053): `tollwut` marks a rabies vaccination for the trip check. */
  diseases: Generated<string>;
}

export interface VetVisitsTable extends RecordFrame {
  date: string;
  reason: string;
  diagnosis: string | null;
  treatment: string | null;
  cost_cents: number | null;
  notes: string | null;
  /** 'planned' (an appointment, may lie in the future) or 'done' (migration 0041). */
  status: Generated<'planned' | 'done'>;
  /** The day it was planned for; kept when the visit is done. */
  planned_date: string | null;
  /** Its time of day, HH:MM in Berlin, when known (migration 0046). */
  time: string | null;
}

export interface WeightsTable extends RecordFrame {
  date: string;
  weight_kg: number;
}

export interface MedicationsTable extends RecordFrame {
  name: string;
  dosage: string | null;
  start_date: string;
  end_date: string | null;
  schedule: string | null;
  notes: string | null;
  /** Doses (migration 0055): per day (1–12), units on hand (counts down with each dose), their unit. */
  doses_per_day: number | null;
  stock: number | null;
  unit: string | null;
}

export interface DosesTable {
  id: Generated<number>;
  medication_id: number;
  dog_id: number;
  given_at: string;
  given_by: number | null;
  created_at: string;
}

export interface AllergiesTable extends RecordFrame {
  allergen: string;
  reaction: string | null;
  severity: string | null; // 'mild' | 'moderate' | 'severe'
}

export interface FindingsTable extends RecordFrame {
  date: string;
  title: string;
  text: string | null;
}

export interface HealthDocumentsTable extends RecordFrame {
  title: string;
  date: string | null;
  category: string | null;
  url: string;
  mime_type: string;
  bytes: number;
}

export interface VetPracticesTable {
  id: Generated<number>;
  dog_id: number;
  name: string;
  phone: string | null;
  emergency_phone: string | null;
  email: string | null;
  address: string | null;
  website: string | null;
  updated_at: string;
}

/** Family sharing: invited by email, user_id set on acceptance. */
export interface DogMembersTable {
  id: Generated<number>;
  dog_id: number;
  email: string;
  user_id: number | null;
  role: string; // 'caregiver'
  invited_by: number | null;
  accepted_at: string | null;
  created_at: string;
}

export interface EmergencyCardsTable {
  id: Generated<number>;
  dog_id: number;
  token: string;
  show_photo: number;
  show_allergies: number;
  show_medications: number;
  show_practice_phone: number;
  contact_name: string | null;
  contact_phone: string | null;
  created_at: string;
}

export interface HealthTables {
  vaccinations: VaccinationsTable;
  vet_visits: VetVisitsTable;
  weights: WeightsTable;
  medications: MedicationsTable;
  doses: DosesTable;
  allergies: AllergiesTable;
  findings: FindingsTable;
  health_documents: HealthDocumentsTable;
  vet_practices: VetPracticesTable;
  dog_members: DogMembersTable;
  emergency_cards: EmergencyCardsTable;
}
