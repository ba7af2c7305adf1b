/** The health answers as the server sends them (src/features/health/health.schemas.ts, members.schemas.ts, emergency.schemas.ts). */
interface Frame {
  id: number;
  dog_id: number;
  created_at: string;
  updated_at: string;
}
export interface Vaccination extends Frame {
  vaccine: string;
  date: string;
  next_due: string | null;
  batch_number: string | null;
  vet_name: string | null;
  notes: string | null;
}
export interface VetVisit extends Frame {
  date: string;
  reason: string;
  diagnosis: string | null;
  treatment: string | null;
  cost_cents: number | null;
  notes: string | null;
}
export interface Weight extends Frame {
  date: string;
  weight_kg: number;
}
export interface Medication extends Frame {
  name: string;
  dosage: string | null;
  start_date: string;
  end_date: string | null;
  schedule: string | null;
  notes: string | null;
}
export interface Allergy extends Frame {
  allergen: string;
  reaction: string | null;
  severity: 'mild' | 'moderate' | 'severe' | null;
}
export interface Finding extends Frame {
  date: string;
  title: string;
  text: string | null;
}
export interface HealthDocument extends Frame {
  title: string;
  date: string | null;
  category: string | null;
  url: string;
  mime_type: string;
  bytes: number;
}
export interface VetPractice {
  dog_id: number;
  name: string;
  phone: string | null;
  emergency_phone: string | null;
  email: string | null;
  address: string | null;
  website: string | null;
  updated_at: string;
}
export interface Member {
  id: number;
  dog_id: number;
  email: string;
  role: 'caregiver';
  status: 'pending' | 'accepted';
  created_at: string;
  accepted_at: string | null;
}
export interface Invitation extends Member {
  dog_name: string;
}
export interface SharedDog {
  id: number;
  name: string;
  photo_url: string | null;
  owner_id: number;
}
export interface EmergencyCard {
  dog_id: number;
  url: string;
  qr_svg: string;
  show_photo: 0 | 1;
  show_allergies: 0 | 1;
  show_medications: 0 | 1;
  show_practice_phone: 0 | 1;
  contact_name: string | null;
  contact_phone: string | null;
  created_at: string;
}
