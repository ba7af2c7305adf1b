import type { Db } from '#core/db/index.js';
import { noNumber, type DashboardBranch, type DashboardRow } from '../dashboard/index.js';

/** Routines due on or before `day` and not dismissed for that due date, with dog, owner and reminder state, in id order after `afterId` (the 08:00 job's batches). */
export function routinesDueBy(db: Db, day: string, afterId: number, limit: number) {
  return db
    .selectFrom('care_routines')
    .innerJoin('dogs', 'dogs.id', 'care_routines.dog_id')
    .select([
      'care_routines.id',
      'care_routines.dog_id',
      'care_routines.kind',
      'care_routines.label',
      'care_routines.next_due',
      'dogs.name as dog_name',
      'dogs.user_id',
      'care_routines.overdue_due',
      'care_routines.overdue_step',
      'care_routines.overdue_reminded_on',
      'care_routines.reminder_dismissed_due',
    ])
    .where('care_routines.next_due', '<=', day)
    .where((eb) =>
      eb.or([eb('care_routines.reminder_dismissed_due', 'is', null), eb('care_routines.reminder_dismissed_due', '!=', eb.ref('care_routines.next_due'))]),
    )
    .where('care_routines.id', '>', afterId)
    .orderBy('care_routines.id')
    .limit(limit)
    .execute();
}

/**
 * The routines of these dogs due on or before `until`, soonest first (the dashboard's "due soon"), as a branch of
 * the dashboard's one read (issue 34): `day` the due date, `text` the kind, `more` the label.
 */
export function routinesDueSoonBranch(db: Db, dogIds: readonly number[], until: string, limit: number): DashboardBranch {
  return db
    .selectFrom('care_routines')
    .select(['dog_id', 'id', noNumber.as('ref'), 'next_due as day', 'kind as text', 'label as more'])
    .where('dog_id', 'in', [...dogIds])
    .where('next_due', '<=', until)
    .orderBy('next_due')
    .orderBy('id')
    .limit(limit)
    .$castTo<DashboardRow>();
}

/** The routines of these dogs that have a next due date, with their interval (the calendar feed's repeating dates). */
export function scheduledRoutinesOf(db: Db, dogIds: readonly number[], limit: number) {
  if (dogIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('care_routines')
    .select(['id', 'dog_id', 'kind', 'label', 'intervall_tage', 'last_done', 'next_due', 'product', 'updated_at'])
    .where('dog_id', 'in', [...dogIds])
    .where('next_due', 'is not', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}
