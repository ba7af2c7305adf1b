import type { Db } from '#core/db/index.js';
import { noNumber, noText, type DashboardBranch, type DashboardRow } from '../dashboard/index.js';

/** The newest cycle starts of one dog (for its prediction). */
export async function recentStarts(db: Db, dogId: number, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('heat_cycles').select('start_date').where('dog_id', '=', dogId).orderBy('start_date', 'desc').limit(limit).execute();
  return rows.map((r) => r.start_date);
}

/** Female dogs with at least one cycle, in id order after `afterId` (the reminder job walks them in batches). */
export function femaleDogsWithCycles(db: Db, afterId: number, limit: number) {
  return db
    .selectFrom('dogs')
    .select(['dogs.id', 'dogs.name', 'dogs.user_id'])
    .where('dogs.sex', '=', 'female')
    .where('dogs.id', '>', afterId)
    .where((eb) => eb.exists(eb.selectFrom('heat_cycles').select('heat_cycles.id').whereRef('heat_cycles.dog_id', '=', 'dogs.id')))
    .orderBy('dogs.id')
    .limit(limit)
    .execute();
}

/** All cycle starts of these dogs, newest first per dog (a batch's prediction input in one query). */
export async function startsOfDogs(db: Db, dogIds: readonly number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (dogIds.length === 0) return map;
  const rows = await db
    .selectFrom('heat_cycles')
    .select(['dog_id', 'start_date'])
    .where('dog_id', 'in', [...dogIds])
    .orderBy('dog_id')
    .orderBy('start_date', 'desc')
    .execute();
  for (const r of rows) map.set(r.dog_id, [...(map.get(r.dog_id) ?? []), r.start_date]);
  return map;
}

/** startsOfDogs as a branch of the dashboard's one read (issue 34): `day` each cycle's start, in no order (the prediction sorts). */
export function startsOfDogsBranch(db: Db, dogIds: readonly number[]): DashboardBranch {
  return db
    .selectFrom('heat_cycles')
    .select(['dog_id', 'id', noNumber.as('ref'), 'start_date as day', noText.as('text'), noText.as('more')])
    .where('dog_id', 'in', [...dogIds])
    .$castTo<DashboardRow>();
}

/** Cycles that started on `day` (the phantom-pregnancy follow-up), with dog and owner, in id order. */
export function cyclesStartedOn(db: Db, day: string, afterId: number, limit: number) {
  return db
    .selectFrom('heat_cycles')
    .innerJoin('dogs', 'dogs.id', 'heat_cycles.dog_id')
    .select(['heat_cycles.id', 'heat_cycles.dog_id', 'dogs.name as dog_name', 'dogs.user_id'])
    .where('heat_cycles.start_date', '=', day)
    .where('heat_cycles.id', '>', afterId)
    .orderBy('heat_cycles.id')
    .limit(limit)
    .execute();
}

/** Of these dogs, the ones in heat on `day`: a cycle began on or before it and has not ended (open cycles count for 21 days). */
export async function dogsInHeat(db: Db, dogIds: readonly number[], day: string, openUntilDays: string): Promise<Set<number>> {
  if (dogIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('heat_cycles')
    .select('dog_id')
    .where('dog_id', 'in', [...dogIds])
    .where('start_date', '<=', day)
    .where((eb) => eb.or([eb('end_date', '>=', day), eb.and([eb('end_date', 'is', null), eb('start_date', '>=', openUntilDays)])]))
    .execute();
  return new Set(rows.map((r) => r.dog_id));
}
