import { sql } from 'kysely';
import type { Db } from '#core/db/index.js';

/** The doses' SQL: a dose and the stock change are one transaction, the stock counted down in one UPDATE (atomic). */

export interface MedicationForDose {
  id: number;
  dog_id: number;
  user_id: number;
  name: string;
  stock: number | null;
  doses_per_day: number | null;
  unit: string | null;
  dog_name: string;
}

export function findMedicationWithOwner(db: Db, id: number): Promise<MedicationForDose | undefined> {
  return db
    .selectFrom('medications')
    .innerJoin('dogs', 'dogs.id', 'medications.dog_id')
    .select([
      'medications.id',
      'medications.dog_id',
      'dogs.user_id',
      'medications.name',
      'medications.stock',
      'medications.doses_per_day',
      'medications.unit',
      'dogs.name as dog_name',
    ])
    .where('medications.id', '=', id)
    .executeTakeFirst();
}

const DOSE_COLUMNS = ['doses.id', 'doses.medication_id', 'doses.dog_id', 'doses.given_at', 'doses.given_by', 'doses.created_at'] as const;

/** Inserts the dose and lowers the stock by one (never below 0; null stays null); returns the dose and the new stock. */
export async function recordDose(db: Db, med: { id: number; dog_id: number }, givenAt: string, userId: number, now: string) {
  return db.transaction().execute(async (trx) => {
    const dose = await trx
      .insertInto('doses')
      .values({ medication_id: med.id, dog_id: med.dog_id, given_at: givenAt, given_by: userId, created_at: now })
      .returning(DOSE_COLUMNS)
      .executeTakeFirstOrThrow();
    const row = await trx
      .updateTable('medications')
      .set({ stock: sql<number | null>`case when stock is null then null when stock > 0 then stock - 1 else 0 end`, updated_at: now })
      .where('id', '=', med.id)
      .returning(['stock'])
      .executeTakeFirst();
    return { dose, stock: row?.stock ?? null };
  });
}

export function dosesOf(db: Db, medicationId: number, limit = 100) {
  return db
    .selectFrom('doses')
    .leftJoin('users', 'users.id', 'doses.given_by')
    .select([...DOSE_COLUMNS, 'users.name as given_by_name'])
    .where('doses.medication_id', '=', medicationId)
    .orderBy('doses.given_at', 'desc')
    .orderBy('doses.id', 'desc')
    .limit(limit)
    .execute();
}

export function findDoseWithOwner(db: Db, id: number) {
  return db
    .selectFrom('doses')
    .innerJoin('dogs', 'dogs.id', 'doses.dog_id')
    .select([...DOSE_COLUMNS, 'dogs.user_id'])
    .where('doses.id', '=', id)
    .executeTakeFirst();
}

/** Removes the dose and gives its unit back to the stock, in one transaction. */
export async function undoDose(db: Db, dose: { id: number; medication_id: number }, now: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom('doses').where('id', '=', dose.id).executeTakeFirst();
    if (!gone.numDeletedRows) return;
    await trx
      .updateTable('medications')
      .set({ stock: sql<number | null>`case when stock is null then null else stock + 1 end`, updated_at: now })
      .where('id', '=', dose.medication_id)
      .execute();
  });
}

/**
 * The dogs' medications running today with a number of doses per day, and how many were given since `since` (the
 * start of today in Berlin): the dashboard's "still due today". One statement, grouped.
 */
export function dosesDueToday(db: Db, dogIds: readonly number[], today: string, since: string) {
  if (!dogIds.length) return Promise.resolve([]);
  return db
    .selectFrom('medications')
    .leftJoin('doses', (j) => j.onRef('doses.medication_id', '=', 'medications.id').on('doses.given_at', '>=', since))
    .select([
      'medications.id',
      'medications.dog_id',
      'medications.name',
      'medications.doses_per_day',
      'medications.unit',
      (eb) => eb.fn.count<number>('doses.id').as('given'),
    ])
    .where('medications.dog_id', 'in', dogIds)
    .where('medications.doses_per_day', 'is not', null)
    .where('medications.start_date', '<=', today)
    .where((eb) => eb.or([eb('medications.end_date', 'is', null), eb('medications.end_date', '>=', today)]))
    .groupBy(['medications.id', 'medications.dog_id', 'medications.name', 'medications.doses_per_day', 'medications.unit'])
    .limit(50)
    .execute();
}

/** Every dose of the user's own dogs (the data export). */
export function dosesOfDogs(db: Db, dogIds: readonly number[]) {
  if (!dogIds.length) return Promise.resolve([]);
  return db.selectFrom('doses').select(DOSE_COLUMNS).where('dog_id', 'in', dogIds).orderBy('id').limit(100_000).execute();
}
