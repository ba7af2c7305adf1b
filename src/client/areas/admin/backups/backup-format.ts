/** How the backups screen words its figures: the schedule (`15 3 * * *` reads "täglich um 03:15") and sizes in MB. */

const WEEKDAYS = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'];

const two = (n: string) => n.padStart(2, '0');

/**
 * The common shapes (daily, one weekday) in German; anything else (ranges, steps, lists) stays the cron expression,
 * which the admin set and can read. The server runs the cron in the app's time zone (Europe/Berlin).
 */
export function describeSchedule(cron: string): string {
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 5) return `nach Plan „${cron}“`;
  const [minute = '', hour = '', day, month, weekday = ''] = parts;
  if (!/^\d{1,2}$/.test(minute) || !/^\d{1,2}$/.test(hour) || day !== '*' || month !== '*') return `nach Plan „${cron}“`;
  const at = `um ${two(hour)}:${two(minute)}`;
  if (weekday === '*') return `täglich ${at}`;
  if (/^[0-7]$/.test(weekday)) return `jeden ${WEEKDAYS[Number(weekday) % 7]} ${at}`;
  return `nach Plan „${cron}“`;
}

const MB = 1024 * 1024;

/** Bytes as MB with one decimal, German style: 1_300_000 → "1,2 MB" (the snapshots' usual scale). */
export function formatMegabytes(bytes: number): string {
  if (bytes > 0 && bytes < 0.05 * MB) return 'unter 0,1 MB';
  return `${(bytes / MB).toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;
}
