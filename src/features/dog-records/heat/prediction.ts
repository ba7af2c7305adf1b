import { addDays, daysBetween } from '#core/clock.js';
import type { HeatPrediction } from './heat.schemas.js';

/** Decisions, Per-dog records: the mean interval of the last 5 starts; 182 days while fewer than two are known. */
export const DEFAULT_INTERVAL_DAYS = 182;
export const PREDICTION_CYCLES = 5;

/** The next start from the dog's cycle starts (any order). Pure, so the tests pin every case. */
export function predictNextStart(starts: readonly string[]): HeatPrediction {
  const recent = [...starts].sort().slice(-PREDICTION_CYCLES);
  const last = recent[recent.length - 1];
  if (!last) return { next_start: null, mean_interval_days: null, based_on_cycles: 0 };
  const first = recent[0]!;
  const mean = recent.length < 2 ? DEFAULT_INTERVAL_DAYS : Math.round(daysBetween(first, last) / (recent.length - 1));
  return { next_start: addDays(last, mean), mean_interval_days: mean, based_on_cycles: recent.length };
}

/** Days after a start when a possible phantom pregnancy shows (about nine weeks): the follow-up reminder. */
export const FOLLOW_UP_DAYS = 63;
