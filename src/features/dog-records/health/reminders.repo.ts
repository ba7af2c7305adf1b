import { sql } from 'kysely';
import type { Db } from '#core/db/index.js';
import { noNumber, noText, type DashboardBranch, type DashboardRow } from '../dashboard/index.js';

/**
 * Only a vaccination that no later one of the same vaccine (same dog, letters case-blind) has replaced: once the
 * booster is recorded, the old record's next_due is history, not a due date. The client's isOverdue is the same.
 */
const notReplaced = sql<boolean>`not exists (
  select 1 from vaccinations later
  where later.dog_id = vaccinations.dog_id
    and lower(later.vaccine) = lower(vaccinations.vaccine)
    and (later.date > vaccinations.date or (later.date = vaccinations.date and later.id > vaccinations.id))
)`;

/** Vaccinations due on one of the given days, with the dog's name and owner, in id order after `afterId`. */
export function vaccinationsDueOn(db: Db, days: readonly string[], afterId: number, limit: number) {
  return db
    .selectFrom('vaccinations')
    .innerJoin('dogs', 'dogs.id', 'vaccinations.dog_id')
    .select(['vaccinations.id', 'vaccinations.dog_id', 'vaccinations.vaccine', 'vaccinations.next_due', 'dogs.name as dog_name', 'dogs.user_id'])
    .where('vaccinations.next_due', 'in', [...days])
    .where(notReplaced)
    .where('vaccinations.id', '>', afterId)
    .orderBy('vaccinations.id')
    .limit(limit)
    .execute();
}

/** The columns the overdue reminders keep (migration 0045). */
const OVERDUE_STATE = ['overdue_due', 'overdue_step', 'overdue_reminded_on', 'reminder_dismissed_due'] as const;

/**
 * Vaccinations due on or before `today` that no later one replaced and whose reminders the owner did not dismiss for
 * this due date, with their reminder state, in id order after `afterId` (the overdue reminders).
 */
export function vaccinationsOverdue(db: Db, today: string, afterId: number, limit: number) {
  return db
    .selectFrom('vaccinations')
    .innerJoin('dogs', 'dogs.id', 'vaccinations.dog_id')
    .select(['vaccinations.id', 'vaccinations.dog_id', 'vaccinations.vaccine', 'vaccinations.next_due', 'dogs.name as dog_name', 'dogs.user_id'])
    .select(OVERDUE_STATE.map((c) => `vaccinations.${c}` as const))
    .where('vaccinations.next_due', '<=', today)
    .where((eb) =>
      eb.or([eb('vaccinations.reminder_dismissed_due', 'is', null), eb('vaccinations.reminder_dismissed_due', '!=', eb.ref('vaccinations.next_due'))]),
    )
    .where(notReplaced)
    .where('vaccinations.id', '>', afterId)
    .orderBy('vaccinations.id')
    .limit(limit)
    .execute();
}

/** Medications whose last day is `day`. */
export function medicationsEndingOn(db: Db, day: string, afterId: number, limit: number) {
  return db
    .selectFrom('medications')
    .innerJoin('dogs', 'dogs.id', 'medications.dog_id')
    .select(['medications.id', 'medications.dog_id', 'medications.name', 'medications.end_date', 'dogs.name as dog_name', 'dogs.user_id'])
    .where('medications.end_date', '=', day)
    .where('medications.id', '>', afterId)
    .orderBy('medications.id')
    .limit(limit)
    .execute();
}

/** Planned vet visits (appointments) on `day`, with the dog's name and owner, in id order after `afterId` (the reminders). */
export function plannedVisitsOn(db: Db, day: string, afterId: number, limit: number) {
  return db
    .selectFrom('vet_visits')
    .innerJoin('dogs', 'dogs.id', 'vet_visits.dog_id')
    .select(['vet_visits.id', 'vet_visits.dog_id', 'vet_visits.reason', 'vet_visits.date', 'dogs.name as dog_name', 'dogs.user_id'])
    .where('vet_visits.status', '=', 'planned')
    .where('vet_visits.date', '=', day)
    .where('vet_visits.id', '>', afterId)
    .orderBy('vet_visits.id')
    .limit(limit)
    .execute();
}

/** The accepted caregivers of these dogs (they look after the dog too, so they are reminded too). */
export async function caregiversOf(db: Db, dogIds: readonly number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (dogIds.length === 0) return map;
  const rows = await db
    .selectFrom('dog_members')
    .select(['dog_id', 'user_id'])
    .where('dog_id', 'in', [...new Set(dogIds)])
    .where('accepted_at', 'is not', null)
    .execute();
  for (const r of rows) if (r.user_id !== null) map.set(r.dog_id, [...(map.get(r.dog_id) ?? []), r.user_id]);
  return map;
}

/**
 * The dashboard's health reads, as branches of its one statement (issue 34): vaccinations due up to `to` (overdue
 * ones too), oldest due date first (`text` the vaccine, `day` the due date) …
 */
export function dueVaccinationsBranch(db: Db, dogIds: readonly number[], to: string, limit: number): DashboardBranch {
  return db
    .selectFrom('vaccinations')
    .select(['dog_id', 'id', noNumber.as('ref'), 'next_due as day', 'vaccine as text', noText.as('more')])
    .where('dog_id', 'in', [...dogIds])
    .where('next_due', 'is not', null)
    .where('next_due', '<=', to)
    .where(notReplaced)
    .orderBy('next_due')
    .orderBy('id')
    .limit(limit)
    .$castTo<DashboardRow>();
}

/** … and planned vet visits from `from` to `to` (inclusive), soonest first ("Nächster Termin"; `text` the reason). */
export function plannedVisitsBranch(db: Db, dogIds: readonly number[], from: string, to: string, limit: number): DashboardBranch {
  return db
    .selectFrom('vet_visits')
    .select(['dog_id', 'id', noNumber.as('ref'), 'date as day', 'reason as text', noText.as('more')])
    .where('status', '=', 'planned')
    .where('dog_id', 'in', [...dogIds])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .orderBy('id')
    .limit(limit)
    .$castTo<DashboardRow>();
}

/** The due date of every vaccination of these dogs that no later one replaced, overdue ones too (the calendar feed). */
export function openVaccinationsOf(db: Db, dogIds: readonly number[], limit: number) {
  if (dogIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('vaccinations')
    .select(['id', 'dog_id', 'vaccine', 'date', 'next_due', 'vet_name', 'updated_at'])
    .where('dog_id', 'in', [...dogIds])
    .where('next_due', 'is not', null)
    .where(notReplaced)
    .orderBy('next_due')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Medications of these dogs whose last day is on or after `from` (the calendar feed). */
export function medicationEndsOf(db: Db, dogIds: readonly number[], from: string, limit: number) {
  if (dogIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('medications')
    .select(['id', 'dog_id', 'name', 'dosage', 'schedule', 'start_date', 'end_date', 'updated_at'])
    .where('dog_id', 'in', [...dogIds])
    .where('end_date', '>=', from)
    .orderBy('end_date')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Planned vet visits (appointments) of these dogs on or after `from`, soonest first (the calendar feed). */
export function plannedVisitsOf(db: Db, dogIds: readonly number[], from: string, limit: number) {
  if (dogIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('vet_visits')
    .select(['id', 'dog_id', 'date', 'time', 'reason', 'notes', 'updated_at'])
    .where('status', '=', 'planned')
    .where('dog_id', 'in', [...dogIds])
    .where('date', '>=', from)
    .orderBy('date')
    .orderBy('id')
    .limit(limit)
    .execute();
}
