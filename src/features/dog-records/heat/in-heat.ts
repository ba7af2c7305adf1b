import { addDays } from '#core/clock.js';
import type { Db } from '#core/db/index.js';
import { dogsInHeat } from './heat.repo.js';

/** A cycle without an end date counts as running for this many days after its start (a heat lasts about three weeks). */
export const OPEN_CYCLE_DAYS = 21;

/** For other areas (playdates): which of these dogs are in heat on `day`. */
export function inHeat(db: Db, dogIds: readonly number[], day: string): Promise<Set<number>> {
  return dogsInHeat(db, dogIds, day, addDays(day, -OPEN_CYCLE_DAYS));
}
