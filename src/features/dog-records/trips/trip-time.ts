import { dateInZone, wallClockIn } from '#core/clock.js';

/** The trips' times are read and shown in Berlin time (a German app; the tapeworm window counts real hours). */
export const ZONE = 'Europe/Berlin';

const WEEKDAYS = ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'];
const MONTHS = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];

/** The Berlin calendar day of an instant. */
export const berlinDay = (instant: Date): string => dateInZone(instant, ZONE);

/** "Mo, 6. Juli" for a calendar day (YYYY-MM-DD). */
export function germanDay(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  return `${WEEKDAYS[d.getUTCDay()]}, ${d.getUTCDate()}. ${MONTHS[d.getUTCMonth()]}`;
}

/** "Mo, 6. Juli, 10:00" for an instant, in Berlin time (summer or winter time as it falls on that day). */
export function germanTime(instant: Date): string {
  // core/clock keeps one formatter per zone (a trip's read formats several times).
  const w = wallClockIn(instant, ZONE);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${germanDay(`${w.year}-${two(w.month)}-${two(w.day)}`)}, ${two(w.hour)}:${two(w.minute)}`;
}

/** A day `months` calendar months earlier or later (the 31st falls back to the month's last day). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}
