import type { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { dateNotInFuture, notBefore } from '#core/records/record-checks.js';
import { recordKindOf, type RecordKind } from '#core/records/record-kind.js';
import { setDogWeight } from '../dogs/index.js';
import { latestWeightKg } from './weights.repo.js';
import { diseasesFromText, parseDiseases } from './vaccine-diseases.js';
import {
  Allergy,
  AllergyFields,
  Finding,
  FindingFields,
  HealthDocument,
  HealthDocumentFields,
  Medication,
  MedicationFields,
  Vaccination,
  VaccinationFields,
  VetVisit,
  VetVisitFields,
  Weight,
  WeightFields,
} from './health.schemas.js';

/**
 * The health kinds on the per-dog record module. Who may do what (ownership.ts): everybody with access reads;
 * caregivers add and correct weights ('write'); everything else only the owner ('manage').
 */

type Item = { id: number; dog_id: number };

/** What the health kinds have in common: the OpenAPI tag, and owner-only needs unless the kind says otherwise. */
function healthKind<T extends Item>(
  name: string,
  item: z.ZodType<T>,
  fields: z.ZodObject,
  kind: Omit<Parameters<typeof recordKindOf<T>>[3], 'tag' | 'needs'> & Partial<Pick<RecordKind<T>, 'needs'>>,
): RecordKind<T> {
  return recordKindOf(name, item, fields, { tag: 'Gesundheit', needs: { create: 'manage', change: 'manage', remove: 'manage' }, ...kind });
}

export const vaccinations = healthKind('Vaccination', Vaccination, VaccinationFields, {
  path: 'vaccinations',
  table: 'vaccinations',
  names: { one: 'Impfung', many: 'Impfungen' },
  columns: ['vaccine', 'date', 'next_due', 'batch_number', 'vet_name', 'notes', 'reminder_dismissed_due', 'diseases'],
  orderBy: 'date',
  derive: storedDiseases,
  toItem: (row) => ({ ...row, diseases: parseDiseases(row.diseases) }) as unknown as Vaccination,
  wording: { missing: 'Diese Impfung gibt es nicht.', foreign: 'Diese Impfung gehört zu einem fremden Hund.' },
  maxPerDog: 1_000,
  check(ctx, r) {
    dateNotInFuture(ctx, r, 'date', 'Die Impfung liegt in der Zukunft.');
    notBefore(r, 'date', 'next_due', 'Die nächste Impfung kann nicht vor dieser liegen.');
  },
});

/**
 * `diseases` is stored as JSON: the owner's pick as given, or (no pick on create) what the vaccine's text names.
 * On a change without a pick the stored list stays (the merged record carries it as text).
 */
function storedDiseases(r: Record<string, unknown>): Record<string, unknown> {
  if (Array.isArray(r.diseases)) return { diseases: JSON.stringify(parseDiseases(r.diseases)) };
  if (typeof r.diseases === 'string') return { diseases: r.diseases };
  return { diseases: JSON.stringify(diseasesFromText(String(r.vaccine ?? ''))) };
}

export const vetVisits = healthKind('VetVisit', VetVisit, VetVisitFields, {
  path: 'vet-visits',
  table: 'vet_visits',
  names: { one: 'Tierarztbesuch', many: 'Tierarztbesuche' },
  columns: ['status', 'date', 'planned_date', 'time', 'reason', 'diagnosis', 'treatment', 'cost_cents', 'notes'],
  orderBy: 'date',
  wording: { missing: 'Diesen Tierarztbesuch gibt es nicht.', foreign: 'Dieser Tierarztbesuch gehört zu einem fremden Hund.' },
  maxPerDog: 5_000,
  // Only an appointment may lie ahead (decisions: appointments); a done visit took place (on a patch: old merged with new).
  check(ctx, r) {
    if (r.status !== 'planned') dateNotInFuture(ctx, r, 'date', 'Ein erledigter Besuch kann nicht in der Zukunft liegen. Plane ihn als Termin.');
  },
  derive: plannedDate,
});

/**
 * While a visit is planned, `planned_date` follows its date (a moved appointment moves it). Once done, it is left
 * alone: the record keeps the day it was planned for beside the day it took place (the visit's history).
 */
function plannedDate(r: Record<string, unknown>): Record<string, unknown> {
  return r.status === 'planned' ? { planned_date: r.date } : {};
}

export const weights = healthKind('Weight', Weight, WeightFields, {
  path: 'weights',
  table: 'weights',
  names: { one: 'Gewicht', many: 'Gewichte' },
  columns: ['date', 'weight_kg'],
  orderBy: 'date',
  uniqueBy: ['dog_id', 'date'],
  wording: { missing: 'Diesen Gewichtseintrag gibt es nicht.', foreign: 'Dieser Gewichtseintrag gehört zu einem fremden Hund.' },
  needs: { create: 'write', change: 'write', remove: 'manage' },
  idempotentCreate: true, // the app queues weights offline
  check: (ctx, r) => dateNotInFuture(ctx, r, 'date'),
  // The profile's weight follows the latest measurement (a removed last one leaves the one before it).
  afterSave: (ctx, row) => syncDogWeight(ctx, row.dog_id),
  afterRemove: (ctx, row) => syncDogWeight(ctx, row.dog_id),
});

async function syncDogWeight(ctx: AppContext, dogId: number): Promise<void> {
  const latest = await latestWeightKg(ctx.db, dogId);
  if (latest) await setDogWeight(ctx.db, dogId, latest.weight_kg, ctx.clock.now().toISOString());
}

export const medications = healthKind('Medication', Medication, MedicationFields, {
  path: 'medications',
  table: 'medications',
  names: { one: 'Medikament', many: 'Medikamente' },
  columns: ['name', 'dosage', 'start_date', 'end_date', 'schedule', 'notes', 'doses_per_day', 'stock', 'unit'],
  orderBy: 'start_date',
  wording: { missing: 'Dieses Medikament gibt es nicht.', foreign: 'Dieses Medikament gehört zu einem fremden Hund.' },
  maxPerDog: 1_000,
  check: (_ctx, r) => notBefore(r, 'start_date', 'end_date', 'Das Ende liegt vor dem Beginn.'),
});

export const allergies = healthKind('Allergy', Allergy, AllergyFields, {
  path: 'allergies',
  table: 'allergies',
  names: { one: 'Allergie', many: 'Allergien' },
  columns: ['allergen', 'reaction', 'severity'],
  wording: { missing: 'Diese Allergie gibt es nicht.', foreign: 'Diese Allergie gehört zu einem fremden Hund.' },
  maxPerDog: 200,
});

export const findings = healthKind('Finding', Finding, FindingFields, {
  path: 'findings',
  table: 'findings',
  names: { one: 'Befund', many: 'Befunde' },
  columns: ['date', 'title', 'text'],
  orderBy: 'date',
  wording: { missing: 'Diesen Befund gibt es nicht.', foreign: 'Dieser Befund gehört zu einem fremden Hund.' },
  maxPerDog: 5_000,
  check: (ctx, r) => dateNotInFuture(ctx, r, 'date', 'Der Befund liegt in der Zukunft.'),
});

/** Documents: the create route is the multipart upload (documents.routes.ts), so the create body stays unregistered; files go after the row. */
export const healthDocuments = healthKind('HealthDocument', HealthDocument, HealthDocumentFields, {
  path: 'health-documents',
  table: 'health_documents',
  names: { one: 'Dokument', many: 'Dokumente' },
  createBody: HealthDocumentFields,
  columns: ['title', 'date', 'category', 'url', 'mime_type', 'bytes'],
  orderBy: 'created_at',
  wording: { missing: 'Dieses Dokument gibt es nicht.', foreign: 'Dieses Dokument gehört zu einem fremden Hund.' },
  maxPerDog: 500,
  customCreate: true,
});
