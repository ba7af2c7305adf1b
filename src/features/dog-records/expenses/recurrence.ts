import type { Recurrence } from './expenses.schemas.js';

const MONTHS: Record<Exclude<Recurrence, 'none'>, number> = { monthly: 1, quarterly: 3, yearly: 12 };

const daysInMonth = (year: number, month0: number) => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

/**
 * The date of the n-th occurrence after a template's date (n = 1 is the next period). Always counted from the
 * template's own date, never from the previous occurrence, so a 31st stays the 31st where the month has one:
 * 31 Jan → 28/29 Feb → 31 Mar; 29 Feb 2024 yearly → 28 Feb 2025 … 29 Feb 2028.
 */
export function occurrenceDate(start: string, recurrence: Exclude<Recurrence, 'none'>, n: number): string {
  const year = Number(start.slice(0, 4));
  const month0 = Number(start.slice(5, 7)) - 1 + n * MONTHS[recurrence];
  const y = year + Math.floor(month0 / 12);
  const m0 = month0 % 12;
  const day = Math.min(Number(start.slice(8, 10)), daysInMonth(y, m0));
  return `${y}-${String(m0 + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** At most this many occurrences per template and run (a template dated years back catches up over a few days). */
export const MAX_CATCH_UP = 60;

/** The occurrences after `done` (the highest one made so far) that are due by `today`. */
export function dueOccurrences(start: string, recurrence: Recurrence, done: number, today: string): { occurrence: number; date: string }[] {
  if (recurrence === 'none') return [];
  const due: { occurrence: number; date: string }[] = [];
  for (let n = done + 1; due.length < MAX_CATCH_UP; n++) {
    const date = occurrenceDate(start, recurrence, n);
    if (date > today) break;
    due.push({ occurrence: n, date });
  }
  return due;
}
