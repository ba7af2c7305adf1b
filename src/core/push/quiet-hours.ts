/**
 * Quiet hours: pushes that become due inside the user's quiet window (22:00–07:00 by default, in the app's time
 * zone) are held until its end; in-app rows are written at once. Wall-clock times are turned into instants with
 * the zone's offset at that moment, so the end of a window that spans a DST change is still 07:00 local time.
 */

export interface QuietHours {
  enabled: boolean;
  /** HH:MM, local time. */
  start: string;
  end: string;
}

const parts = (instant: Date, timeZone: string) => {
  const fmt = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const p = Object.fromEntries(fmt.formatToParts(instant).map((x) => [x.type, x.value]));
  return { y: Number(p.year), mo: Number(p.month), d: Number(p.day), h: Number(p.hour), mi: Number(p.minute), s: Number(p.second) };
};

/** Minutes the zone is ahead of UTC at `instant`. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const p = parts(instant, timeZone);
  const asUtc = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant of a local wall-clock time (y-m-d h:m) in the zone. */
export function zonedInstant(y: number, mo: number, d: number, h: number, mi: number, timeZone: string): Date {
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  const first = guess - offsetMinutes(new Date(guess), timeZone) * 60_000;
  // Near a DST change the offset at the result may differ from the guess's: correct once.
  return new Date(guess - offsetMinutes(new Date(first), timeZone) * 60_000);
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether `now` lies in the window, and if so, the instant it ends. Null outside (or with quiet hours off). */
export function quietUntil(quiet: QuietHours, now: Date, timeZone: string): Date | null {
  if (!quiet.enabled) return null;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return null;
  const p = parts(now, timeZone);
  const local = p.h * 60 + p.mi;
  const inside = start < end ? local >= start && local < end : local >= start || local < end;
  if (!inside) return null;
  // The end is today if it is still ahead on the clock, else tomorrow (a window over midnight, before midnight).
  const dayOffset = local < end ? 0 : 1;
  const day = new Date(Date.UTC(p.y, p.mo - 1, p.d + dayOffset));
  return zonedInstant(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), Math.floor(end / 60), end % 60, timeZone);
}
