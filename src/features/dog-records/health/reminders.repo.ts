import { sql } from 'kysely';
import type { Db } from '../../../core/db/index.js';

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
 * Vaccinations due up to `to` (overdue ones too; oldest due date first) and planned vet visits from `from` to `to`
 * (soonest first; "Nächster Termin") of these dogs, for the dashboard, in one statement (issue 34: fewer round trips), as a
 * UNION ALL of the two limited lists; each branch is wrapped so it keeps its ORDER BY/LIMIT on SQLite. `text` is the
 * vaccine or the visit's reason, `date` the due date or the visit's day; sorted again here (a union promises no order).
 */
export async function dueHealthItems(
  db: Db,
  dogIds: readonly number[],
  from: string,
  to: string,
  limit: number,
): Promise<{
  vaccinations: { id: number; dog_id: number; vaccine: string; next_due: string }[];
  visits: { id: number; dog_id: number; reason: string; date: string }[];
}> {
  if (dogIds.length === 0) return { vaccinations: [], visits: [] };
  const vaccinations = db
    .selectFrom(
      db
        .selectFrom('vaccinations')
        .select([sql<string>`'vaccination'`.as('kind'), 'id', 'dog_id', 'vaccine as text', sql<string>`next_due`.as('date')])
        .where('dog_id', 'in', [...dogIds])
        .where('next_due', 'is not', null)
        .where('next_due', '<=', to)
        .where(notReplaced)
        .orderBy('next_due')
        .orderBy('id')
        .limit(limit)
        .as('v'),
    )
    .selectAll();
  const visits = db
    .selectFrom(
      db
        .selectFrom('vet_visits')
        .select([sql<string>`'visit'`.as('kind'), 'id', 'dog_id', 'reason as text', 'date'])
        .where('status', '=', 'planned')
        .where('dog_id', 'in', [...dogIds])
        .where('date', '>=', from)
        .where('date', '<=', to)
        .orderBy('date')
        .orderBy('id')
        .limit(limit)
        .as('p'),
    )
    .selectAll();
  const rows = await vaccinations.unionAll(visits).execute();
  const byDateThenId = (a: { date: string; id: number }, b: { date: string; id: number }) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id);
  const sorted = rows.sort(byDateThenId);
  return {
    vaccinations: sorted.filter((r) => r.kind === 'vaccination').map((r) => ({ id: r.id, dog_id: r.dog_id, vaccine: r.text, next_due: r.date })),
    visits: sorted.filter((r) => r.kind === 'visit').map((r) => ({ id: r.id, dog_id: r.dog_id, reason: r.text, date: r.date })),
  };
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
