import { z } from 'zod';
import { CalendarDate, LIMITS, optionalText, requiredText } from '#core/http/route/schema-kit.js';
import { DISEASES } from './vaccine-diseases.js';

/** The health kinds' fields (decisions: Per-dog records) with the spec's limits: titles 200, notes 5000, texts 10000. */

const frame = { id: z.number().int(), dog_id: z.number().int(), created_at: z.string(), updated_at: z.string() };
const optionalDate = CalendarDate.nullable().optional();

export const VaccinationFields = z.strictObject({
  vaccine: requiredText(LIMITS.title).meta({ example: 'Tollwut' }),
  date: CalendarDate.meta({ description: 'Tag der Impfung, nicht in der Zukunft' }),
  next_due: optionalDate.meta({ description: 'Nächste Impfung fällig am (Erinnerung 14 Tage vorher und am Tag)' }),
  batch_number: optionalText(100),
  vet_name: optionalText(LIMITS.title),
  notes: optionalText(LIMITS.note),
  diseases: z
    .array(z.enum(DISEASES))
    .max(DISEASES.length)
    .optional()
    .meta({ description: 'Wogegen geimpft wurde; ohne Angabe aus dem Impfstoff-Text abgeleitet. tollwut zählt für die Reiseprüfung' }),
});
export const Vaccination = z
  .object({
    ...frame,
    vaccine: z.string(),
    date: z.string(),
    next_due: z.string().nullable(),
    batch_number: z.string().nullable(),
    vet_name: z.string().nullable(),
    notes: z.string().nullable(),
    diseases: z.array(z.enum(DISEASES)),
    reminder_dismissed_due: z
      .string()
      .nullable()
      .meta({ description: 'Für diesen Fälligkeitstag sind die Erinnerungen an die Überfälligkeit ausgeblendet (dismiss-reminder); null sonst' }),
  })
  .meta({ id: 'Vaccination' });
export type Vaccination = z.infer<typeof Vaccination>;

/** A vet visit is an appointment ahead (`planned`, may lie in the future) or a visit that took place (`done`). */
export const VisitStatus = z.enum(['planned', 'done']);
export const VetVisitFields = z.strictObject({
  status: VisitStatus.optional().meta({
    description: 'planned: ein Termin (darf in der Zukunft liegen; Erinnerung am Vortag 18:00 und am Tag 08:00); done (Standard): der Besuch war',
  }),
  date: CalendarDate.meta({ description: 'Tag des Besuchs; nur ein geplanter Termin darf in der Zukunft liegen' }),
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Bitte als HH:MM angeben.')
    .nullable()
    .optional()
    .meta({ description: 'Uhrzeit (HH:MM, deutsche Zeit), wenn bekannt; der Kalender-Feed zeigt den Termin dann zu dieser Zeit' }),
  reason: requiredText(LIMITS.title),
  diagnosis: optionalText(LIMITS.note),
  treatment: optionalText(LIMITS.note),
  cost_cents: z.number().int().min(0).max(100_000_000).nullable().optional().meta({ description: 'Kosten in Cent' }),
  notes: optionalText(LIMITS.note),
});
export const VetVisit = z
  .object({
    ...frame,
    status: VisitStatus,
    date: z.string(),
    planned_date: z.string().nullable().meta({ description: 'Für diesen Tag war der Termin geplant; bleibt, wenn der Besuch erledigt ist' }),
    time: z.string().nullable(),
    reason: z.string(),
    diagnosis: z.string().nullable(),
    treatment: z.string().nullable(),
    cost_cents: z.number().int().nullable(),
    notes: z.string().nullable(),
  })
  .meta({ id: 'VetVisit' });
export type VetVisit = z.infer<typeof VetVisit>;

export const WeightFields = z.strictObject({
  date: CalendarDate,
  weight_kg: z.number().positive().max(150).meta({ description: '0 < kg ≤ 150; ein zweiter Wert am selben Tag ersetzt den ersten' }),
});
export const Weight = z.object({ ...frame, date: z.string(), weight_kg: z.number() }).meta({ id: 'Weight' });
export type Weight = z.infer<typeof Weight>;

export const MedicationFields = z.strictObject({
  name: requiredText(LIMITS.title),
  dosage: optionalText(LIMITS.title),
  start_date: CalendarDate,
  end_date: optionalDate.meta({ description: 'Letzter Tag der Gabe (Erinnerung am Tag)' }),
  schedule: optionalText(LIMITS.title).meta({ example: 'morgens und abends je 1 Tablette' }),
  notes: optionalText(LIMITS.note),
  doses_per_day: z.number().int().min(1).max(12).nullable().optional().meta({ description: 'Gaben pro Tag (1–12)' }),
  stock: z.number().int().min(0).max(100_000).nullable().optional().meta({ description: 'Vorrat in Einheiten; jede abgehakte Gabe zählt eins herunter' }),
  unit: optionalText(40).meta({ example: 'Tabletten' }),
});
export const Medication = z
  .object({
    ...frame,
    name: z.string(),
    dosage: z.string().nullable(),
    start_date: z.string(),
    end_date: z.string().nullable(),
    schedule: z.string().nullable(),
    notes: z.string().nullable(),
    doses_per_day: z.number().int().nullable(),
    stock: z.number().int().nullable(),
    unit: z.string().nullable(),
  })
  .meta({ id: 'Medication' });
export type Medication = z.infer<typeof Medication>;

export const Severity = z.enum(['mild', 'moderate', 'severe']);
export const AllergyFields = z.strictObject({
  allergen: requiredText(LIMITS.title),
  reaction: optionalText(LIMITS.note),
  severity: Severity.nullable().optional(),
});
export const Allergy = z.object({ ...frame, allergen: z.string(), reaction: z.string().nullable(), severity: Severity.nullable() }).meta({ id: 'Allergy' });
export type Allergy = z.infer<typeof Allergy>;

export const FindingFields = z.strictObject({ date: CalendarDate, title: requiredText(LIMITS.title), text: optionalText(LIMITS.body) });
export const Finding = z.object({ ...frame, date: z.string(), title: z.string(), text: z.string().nullable() }).meta({ id: 'Finding' });
export type Finding = z.infer<typeof Finding>;

export const DocumentCategory = z.enum(['befund', 'impfpass', 'rechnung', 'roentgen', 'labor', 'sonstiges']);
export const HealthDocumentFields = z.strictObject({
  title: requiredText(LIMITS.title),
  date: optionalDate,
  category: DocumentCategory.nullable().optional(),
});
export const HealthDocument = z
  .object({
    ...frame,
    title: z.string(),
    date: z.string().nullable(),
    category: DocumentCategory.nullable(),
    url: z.string().meta({ description: 'Pfad unter /media/ (nur für Besitzer und Betreuer; PDFs als Download)' }),
    mime_type: z.string(),
    bytes: z.number().int(),
  })
  .meta({ id: 'HealthDocument' });
export type HealthDocument = z.infer<typeof HealthDocument>;
/** The multipart form as OpenAPI shows it. */
export const HealthDocumentForm = z
  .object({
    file: z.string().meta({ format: 'binary', description: 'PDF, JPEG, PNG, WebP oder HEIF, höchstens 15 MB' }),
    title: HealthDocumentFields.shape.title,
    date: z.string().optional(),
    category: DocumentCategory.optional(),
  })
  .meta({ id: 'HealthDocumentForm' });

export const VetPracticeBody = z
  .strictObject({
    name: requiredText(LIMITS.title),
    phone: optionalText(50),
    emergency_phone: optionalText(50),
    email: z.email().max(LIMITS.email).nullable().optional(),
    address: optionalText(LIMITS.url),
    website: z
      .url({ protocol: /^https?$/ })
      .max(LIMITS.url)
      .nullable()
      .optional(),
  })
  .meta({ id: 'VetPracticeBody' });
export type VetPracticeBody = z.infer<typeof VetPracticeBody>;
export const VetPractice = z
  .object({
    dog_id: z.number().int(),
    name: z.string(),
    phone: z.string().nullable(),
    emergency_phone: z.string().nullable(),
    email: z.string().nullable(),
    address: z.string().nullable(),
    website: z.string().nullable(),
    updated_at: z.string(),
  })
  .meta({ id: 'VetPractice' });
export type VetPractice = z.infer<typeof VetPractice>;
