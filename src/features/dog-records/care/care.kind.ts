import { addDays } from '#core/clock.js';
import { badRequest } from '#core/http/route/errors.js';
import { dateNotInFuture } from '#core/records/record-checks.js';
import { recordKindOf } from '#core/records/record-kind.js';
import { CareRoutine, CareRoutineFields } from './care.schemas.js';

/** next_due = last_done + intervall_tage, computed here and stored (the reminder job finds due routines by index). */
export function nextDueOf(record: Record<string, unknown>): string | null {
  const last = typeof record.last_done === 'string' ? record.last_done : null;
  const interval = typeof record.intervall_tage === 'number' ? record.intervall_tage : null;
  return last && interval ? addDays(last, interval) : null;
}

/** Care routines on the per-dog record module. The owner sets them up; caregivers tick them off (care.service.ts). */
export const careRoutines = recordKindOf('CareRoutine', CareRoutine, CareRoutineFields, {
  path: 'care-routines',
  table: 'care_routines',
  tag: 'Pflege',
  names: { one: 'Pflegeroutine', many: 'Pflegeroutinen' },
  columns: ['kind', 'label', 'intervall_tage', 'last_done', 'next_due', 'product', 'notes', 'reminder_dismissed_due'],
  wording: { missing: 'Diese Pflegeroutine gibt es nicht.', foreign: 'Diese Pflegeroutine gehört zu einem fremden Hund.' },
  maxPerDog: 50,
  needs: { create: 'manage', change: 'manage', remove: 'manage' },
  check(ctx, r) {
    if (r.kind === 'custom' && !(typeof r.label === 'string' && r.label.trim()))
      throw badRequest('Gib deiner Routine einen Namen.', { label: 'Wie heißt die Routine? (z. B. „Pfoten eincremen“)' });
    dateNotInFuture(ctx, r, 'last_done');
  },
  // A name belongs to a routine of one's own only; another kind drops it.
  derive: (r) => ({ next_due: nextDueOf(r), label: r.kind === 'custom' ? r.label : null }),
});
