import type { Db } from '#core/db/index.js';
import { noNumber, noText, type DashboardBranch, type DashboardRow } from '../dashboard/index.js';

/** The days with at least one session per dog (for the streaks), each day once. */
export async function trainingDaysOfDogs(db: Db, dogIds: readonly number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (dogIds.length === 0) return map;
  const rows = await db
    .selectFrom('training_sessions')
    .select(['dog_id', 'date'])
    .distinct()
    .where('dog_id', 'in', [...dogIds])
    .execute();
  for (const r of rows) {
    const days = map.get(r.dog_id);
    if (days) days.push(r.date);
    else map.set(r.dog_id, [r.date]);
  }
  return map;
}

/** trainingDaysOfDogs as a branch of the dashboard's one read (issue 34): `day` a day with a session, each once per dog. */
export function trainingDaysBranch(db: Db, dogIds: readonly number[]): DashboardBranch {
  return db
    .selectFrom('training_sessions')
    .select(['dog_id', noNumber.as('id'), noNumber.as('ref'), 'date as day', noText.as('text'), noText.as('more')])
    .distinct()
    .where('dog_id', 'in', [...dogIds])
    .$castTo<DashboardRow>();
}
