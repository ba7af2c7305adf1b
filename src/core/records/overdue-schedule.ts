import { addDays } from '../clock.js';

/**
 * The overdue reminders' schedule (decisions: What users tripped over): the first reminder run on or after the due
 * date reminds (step 0, also for a record entered already overdue), the next one 7 days after that, then every 30
 * days, until the record is done (a new due date) or the owner dismisses it. Anchored on the day the last step went
 * out, so a missed run delays a step and never sends two at once.
 */
export const OVERDUE_FIRST_GAP_DAYS = 7;
export const OVERDUE_LATER_GAP_DAYS = 30;

/** What a record keeps of its overdue reminders (migration 0045). */
export interface OverdueState {
  next_due: string | null;
  overdue_due: string | null;
  overdue_step: number | null;
  overdue_reminded_on: string | null;
  reminder_dismissed_due: string | null;
}

/** The step to remind of today, or null when none is due (not overdue, dismissed, or the last step is too recent). */
export function overdueStepDue(state: OverdueState, today: string): number | null {
  const due = state.next_due;
  if (!due || due > today || state.reminder_dismissed_due === due) return null;
  // Steps stored for another due date belong to an earlier round (ticked off, edited): this one starts at 0.
  if (state.overdue_due !== due || state.overdue_step === null || !state.overdue_reminded_on) return 0;
  const gap = state.overdue_step === 0 ? OVERDUE_FIRST_GAP_DAYS : OVERDUE_LATER_GAP_DAYS;
  return addDays(state.overdue_reminded_on, gap) <= today ? state.overdue_step + 1 : null;
}
