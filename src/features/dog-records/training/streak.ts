import { daysBetween } from '#core/clock.js';
import type { TrainingStreak } from './training.schemas.js';

/**
 * Streaks from the days with at least one session (YYYY-MM-DD in Europe/Berlin, any order, duplicates allowed) and
 * today in the same zone. Days are calendar dates, so a DST change (a 23- or 25-hour day) is still one day.
 * The current streak still counts when the last session was yesterday (decisions, Per-dog records).
 */
export function streakOf(days: readonly string[], today: string): TrainingStreak {
  const sorted = [...new Set(days)].filter((d) => d <= today).sort();
  const last = sorted[sorted.length - 1];
  if (!last) return { current_days: 0, longest_days: 0, last_date: null };
  let longest = 1;
  let run = 1;
  for (let i = 1; i < sorted.length; i++) {
    run = daysBetween(sorted[i - 1]!, sorted[i]!) === 1 ? run + 1 : 1;
    if (run > longest) longest = run;
  }
  // `run` is now the streak that ends on the last day; it is current while the last day is today or yesterday.
  const current = daysBetween(last, today) <= 1 ? run : 0;
  return { current_days: current, longest_days: longest, last_date: last };
}
