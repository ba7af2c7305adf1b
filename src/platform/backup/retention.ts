import { dateInZone } from '#core/clock.js';

/**
 * Which snapshots stay: the newest of each of the last `daily` days that have one, and then, among the older ones,
 * the newest of each of the `weekly` most recent ISO weeks (Monday to Sunday). Days are the app's time zone's,
 * so the 03:15 run belongs to the day it ran on. Everything else goes. With one snapshot a night over 40 nights and
 * the defaults, that is exactly 7 daily and 4 weekly ones.
 */

export interface Dated {
  name: string;
  created_at: string;
}

export interface RetentionPlan<T> {
  keep: T[];
  remove: T[];
}

/** The Monday of the ISO week of a calendar day "YYYY-MM-DD", as "YYYY-MM-DD". */
export function weekOf(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - sinceMonday);
  return date.toISOString().slice(0, 10);
}

export function planRetention<T extends Dated>(snapshots: readonly T[], keep: { daily: number; weekly: number }, timeZone: string): RetentionPlan<T> {
  const newestFirst = [...snapshots].sort((a, b) => b.created_at.localeCompare(a.created_at));
  const kept = new Set<T>();
  const days = new Set<string>();
  for (const s of newestFirst) {
    const day = dateInZone(new Date(s.created_at), timeZone);
    if (days.has(day)) continue;
    if (days.size >= keep.daily) break;
    days.add(day);
    kept.add(s);
  }
  const weeks = new Set<string>();
  for (const s of newestFirst) {
    if (weeks.size >= keep.weekly) break;
    const day = dateInZone(new Date(s.created_at), timeZone);
    if (kept.has(s) || days.has(day)) continue;
    const week = weekOf(day);
    if (weeks.has(week)) continue;
    weeks.add(week);
    kept.add(s);
  }
  return { keep: newestFirst.filter((s) => kept.has(s)), remove: newestFirst.filter((s) => !kept.has(s)) };
}
