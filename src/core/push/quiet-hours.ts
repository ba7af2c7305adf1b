/**
 * Quiet hours: pushes that become due inside the user's quiet window (22:00–07:00 by default, in the app's time
 * zone) are held until its end; in-app rows are written at once. Wall-clock times are turned into instants with
 * the zone's offset at that moment, so the end of a window that spans a DST change is still 07:00 local time.
 */

import { wallClockIn, zonedInstant } from '../clock.js';

export interface QuietHours {
  enabled: boolean;
  /** HH:MM, local time. */
  start: string;
  end: string;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether `now` lies in the window, and if so, the instant it ends. Null outside (or with quiet hours off). */
export function quietUntil(quiet: QuietHours, now: Date, timeZone: string): Date | null {
  if (!quiet.enabled) return null;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return null;
  const p = wallClockIn(now, timeZone);
  const local = p.hour * 60 + p.minute;
  const inside = start < end ? local >= start && local < end : local >= start || local < end;
  if (!inside) return null;
  // The end is today if it is still ahead on the clock, else tomorrow (a window over midnight, before midnight).
  const dayOffset = local < end ? 0 : 1;
  const day = new Date(Date.UTC(p.year, p.month - 1, p.day + dayOffset));
  return zonedInstant(
    { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour: Math.floor(end / 60), minute: end % 60 },
    timeZone,
  );
}
