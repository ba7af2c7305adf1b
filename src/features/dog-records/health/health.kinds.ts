import { dateInZone } from '../../../core/clock.js';
import type { AppContext } from '../../../core/context.js';
import { badRequest } from '../../../core/http/errors.js';
import { assertNotInFuture } from '../../../core/http/schema-kit.js';
import { patchOf, type RecordKind } from '../../../core/records/record-kind.js';
import { setDogWeight } from '../dogs/index.js';
import { latestWeightKg } from './weights.repo.js';
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

const today = (ctx: AppContext) => dateInZone(ctx.clock.now(), ctx.config.timeZone);
const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** A later date field may not lie before an earlier one (next_due before the vaccination, end before start). */
function notBefore(record: Record<string, unknown>, early: string, late: string, message: string): void {
  const a = str(record[early]);
  const b = str(record[late]);
  if (a && b && b < a) throw badRequest(message, { [late]: message });
}

const FRAME = ['id', 'dog_id', 'created_at', 'updated_at'] as const;
const ownerOnly = { create: 'manage', change: 'manage', remove: 'manage' } as const;

export const vaccinations: RecordKind<Vaccination> = {
  path: 'vaccinations',
  table: 'vaccinations',
  tag: 'Gesundheit',
  names: { one: 'Impfung', many: 'Impfungen' },
  item: Vaccination,
  createBody: VaccinationFields.meta({ id: 'CreateVaccinationBody' }),
  patchBody: patchOf(VaccinationFields, 'UpdateVaccinationBody'),
  columns: [...FRAME, 'vaccine', 'date', 'next_due', 'batch_number', 'vet_name', 'notes'],
  orderBy: 'date',
  wording: { missing: 'Diese Impfung gibt es nicht.', foreign: 'Diese Impfung gehört zu einem fremden Hund.' },
  maxPerDog: 1_000,
  needs: ownerOnly,
  check(ctx, r) {
    assertNotInFuture(str(r.date), today(ctx), 'date', 'Die Impfung liegt in der Zukunft.');
    notBefore(r, 'date', 'next_due', 'Die nächste Impfung kann nicht vor dieser liegen.');
  },
};

export const vetVisits: RecordKind<VetVisit> = {
  path: 'vet-visits',
  table: 'vet_visits',
  tag: 'Gesundheit',
  names: { one: 'Tierarztbesuch', many: 'Tierarztbesuche' },
  item: VetVisit,
  createBody: VetVisitFields.meta({ id: 'CreateVetVisitBody' }),
  patchBody: patchOf(VetVisitFields, 'UpdateVetVisitBody'),
  columns: [...FRAME, 'date', 'reason', 'diagnosis', 'treatment', 'cost_cents', 'notes'],
  orderBy: 'date',
  wording: { missing: 'Diesen Tierarztbesuch gibt es nicht.', foreign: 'Dieser Tierarztbesuch gehört zu einem fremden Hund.' },
  maxPerDog: 5_000,
  needs: ownerOnly,
  check(ctx, r) {
    assertNotInFuture(str(r.date), today(ctx), 'date', 'Der Besuch liegt in der Zukunft.');
  },
};

export const weights: RecordKind<Weight> = {
  path: 'weights',
  table: 'weights',
  tag: 'Gesundheit',
  names: { one: 'Gewicht', many: 'Gewichte' },
  item: Weight,
  createBody: WeightFields.meta({ id: 'CreateWeightBody' }),
  patchBody: patchOf(WeightFields, 'UpdateWeightBody'),
  columns: [...FRAME, 'date', 'weight_kg'],
  orderBy: 'date',
  uniqueBy: ['dog_id', 'date'],
  wording: { missing: 'Diesen Gewichtseintrag gibt es nicht.', foreign: 'Dieser Gewichtseintrag gehört zu einem fremden Hund.' },
  needs: { create: 'write', change: 'write', remove: 'manage' },
  check(ctx, r) {
    assertNotInFuture(str(r.date), today(ctx), 'date', 'Das Datum liegt in der Zukunft.');
  },
  // The profile's weight follows the latest measurement (a removed last one leaves the one before it).
  afterSave: (ctx, row) => syncDogWeight(ctx, row.dog_id),
  afterRemove: (ctx, row) => syncDogWeight(ctx, row.dog_id),
};

async function syncDogWeight(ctx: AppContext, dogId: number): Promise<void> {
  const latest = await latestWeightKg(ctx.db, dogId);
  if (latest) await setDogWeight(ctx.db, dogId, latest.weight_kg, ctx.clock.now().toISOString());
}

export const medications: RecordKind<Medication> = {
  path: 'medications',
  table: 'medications',
  tag: 'Gesundheit',
  names: { one: 'Medikament', many: 'Medikamente' },
  item: Medication,
  createBody: MedicationFields.meta({ id: 'CreateMedicationBody' }),
  patchBody: patchOf(MedicationFields, 'UpdateMedicationBody'),
  columns: [...FRAME, 'name', 'dosage', 'start_date', 'end_date', 'schedule', 'notes'],
  orderBy: 'start_date',
  wording: { missing: 'Dieses Medikament gibt es nicht.', foreign: 'Dieses Medikament gehört zu einem fremden Hund.' },
  maxPerDog: 1_000,
  needs: ownerOnly,
  check(_ctx, r) {
    notBefore(r, 'start_date', 'end_date', 'Das Ende liegt vor dem Beginn.');
  },
};

export const allergies: RecordKind<Allergy> = {
  path: 'allergies',
  table: 'allergies',
  tag: 'Gesundheit',
  names: { one: 'Allergie', many: 'Allergien' },
  item: Allergy,
  createBody: AllergyFields.meta({ id: 'CreateAllergyBody' }),
  patchBody: patchOf(AllergyFields, 'UpdateAllergyBody'),
  columns: [...FRAME, 'allergen', 'reaction', 'severity'],
  wording: { missing: 'Diese Allergie gibt es nicht.', foreign: 'Diese Allergie gehört zu einem fremden Hund.' },
  maxPerDog: 200,
  needs: ownerOnly,
};

export const findings: RecordKind<Finding> = {
  path: 'findings',
  table: 'findings',
  tag: 'Gesundheit',
  names: { one: 'Befund', many: 'Befunde' },
  item: Finding,
  createBody: FindingFields.meta({ id: 'CreateFindingBody' }),
  patchBody: patchOf(FindingFields, 'UpdateFindingBody'),
  columns: [...FRAME, 'date', 'title', 'text'],
  orderBy: 'date',
  wording: { missing: 'Diesen Befund gibt es nicht.', foreign: 'Dieser Befund gehört zu einem fremden Hund.' },
  maxPerDog: 5_000,
  needs: ownerOnly,
  check(ctx, r) {
    assertNotInFuture(str(r.date), today(ctx), 'date', 'Der Befund liegt in der Zukunft.');
  },
};

/** Documents: the create route is the multipart upload (documents.routes.ts); files go after the row. */
export const healthDocuments: RecordKind<HealthDocument> = {
  path: 'health-documents',
  table: 'health_documents',
  tag: 'Gesundheit',
  names: { one: 'Dokument', many: 'Dokumente' },
  item: HealthDocument,
  createBody: HealthDocumentFields,
  patchBody: patchOf(HealthDocumentFields, 'UpdateHealthDocumentBody'),
  columns: [...FRAME, 'title', 'date', 'category', 'url', 'mime_type', 'bytes'],
  orderBy: 'created_at',
  wording: { missing: 'Dieses Dokument gibt es nicht.', foreign: 'Dieses Dokument gehört zu einem fremden Hund.' },
  maxPerDog: 500,
  needs: ownerOnly,
  customCreate: true,
};
