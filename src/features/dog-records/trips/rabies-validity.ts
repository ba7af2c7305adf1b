import { addDays } from '#core/clock.js';

/**
 * Which rabies vaccinations count and from when to when each is valid (Regulation (EU) No 576/2013, Annex III):
 * the dog was at least 12 weeks old (when the birth date is known) and chipped on or before the day (when both
 * dates are known); a primary vaccination is valid from the 21st day after its day; a revaccination given while
 * the one before was valid (its wait over, its end not reached) is valid at once, otherwise it is a primary one again. A vaccination's
 * `next_due` is the end of its validity (decisions: Trips abroad).
 */

export interface RabiesShot {
  date: string;
  next_due: string | null;
}

export interface CountedShot extends RabiesShot {
  primary: boolean;
  valid_from: string;
}

export interface Validity {
  counted: CountedShot[];
  /** Shots that do not count, with the German reason ("jünger als 12 Wochen"). */
  ignored: { date: string; reason: string }[];
}

export const PRIMARY_WAIT_DAYS = 21;
export const MIN_AGE_DAYS = 12 * 7;

export function rabiesValidity(shots: RabiesShot[], dog: { birth_date: string | null; chip_implanted_on: string | null }): Validity {
  const sorted = [...shots].sort((a, b) => a.date.localeCompare(b.date));
  const counted: CountedShot[] = [];
  const ignored: Validity['ignored'] = [];
  for (const shot of sorted) {
    if (dog.birth_date && shot.date < addDays(dog.birth_date, MIN_AGE_DAYS)) {
      ignored.push({ date: shot.date, reason: 'dein Hund war jünger als 12 Wochen' });
      continue;
    }
    if (dog.chip_implanted_on && shot.date < dog.chip_implanted_on) {
      ignored.push({ date: shot.date, reason: 'der Chip wurde erst danach gesetzt' });
      continue;
    }
    const before = counted.at(-1);
    // Within the period of validity: from its valid_from (a shot during the 21-day wait starts the wait again) to its end.
    const booster = !!before?.next_due && before.valid_from <= shot.date && before.next_due >= shot.date;
    counted.push({ ...shot, primary: !booster, valid_from: booster ? shot.date : addDays(shot.date, PRIMARY_WAIT_DAYS) });
  }
  return { counted, ignored };
}
