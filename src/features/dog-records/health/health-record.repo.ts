import type { Db } from '#core/db/index.js';

/** Read-only queries for the health record PDF and the emergency card: every list is bounded. */

export function dogProfile(db: Db, dogId: number) {
  return db
    .selectFrom('dogs')
    .select(['id', 'name', 'breed', 'birth_date', 'sex', 'neutered', 'chip_number', 'color', 'photo_url'])
    .where('id', '=', dogId)
    .executeTakeFirst();
}

export function allergyRows(db: Db, dogId: number) {
  return db.selectFrom('allergies').select(['allergen', 'reaction', 'severity']).where('dog_id', '=', dogId).orderBy('id').limit(100).execute();
}

/** Medications still given on `today` (no end date or an end date from today on). */
export function currentMedicationRows(db: Db, dogId: number, today: string) {
  return db
    .selectFrom('medications')
    .select(['name', 'dosage', 'schedule', 'start_date', 'end_date'])
    .where('dog_id', '=', dogId)
    .where('start_date', '<=', today)
    .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', today)]))
    .orderBy('start_date', 'desc')
    .limit(50)
    .execute();
}

export function vaccinationRows(db: Db, dogId: number, limit: number) {
  return db
    .selectFrom('vaccinations')
    .select(['vaccine', 'date', 'next_due', 'batch_number', 'vet_name'])
    .where('dog_id', '=', dogId)
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function weightRows(db: Db, dogId: number, limit: number) {
  return db.selectFrom('weights').select(['date', 'weight_kg']).where('dog_id', '=', dogId).orderBy('date', 'desc').limit(limit).execute();
}

/** Visits that took place, newest first; `planned_date` tells when one was planned for another day. */
export function visitRows(db: Db, dogId: number, limit: number) {
  return db
    .selectFrom('vet_visits')
    .select(['date', 'planned_date', 'reason', 'diagnosis', 'treatment'])
    .where('dog_id', '=', dogId)
    .where('status', '=', 'done')
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Appointments not yet done (also a past one nobody marked done), soonest first. */
export function plannedVisitRows(db: Db, dogId: number, limit: number) {
  return db
    .selectFrom('vet_visits')
    .select(['date', 'reason', 'notes'])
    .where('dog_id', '=', dogId)
    .where('status', '=', 'planned')
    .orderBy('date')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function findingRows(db: Db, dogId: number, limit: number) {
  return db
    .selectFrom('findings')
    .select(['date', 'title', 'text'])
    .where('dog_id', '=', dogId)
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
