import type { Kysely } from 'kysely';
import type { Db } from '../db/index.js';
import type { OverdueState } from './overdue-schedule.js';

/** The record tables with overdue reminders (migration 0045); names come from the kinds in code, never requests. */
export type OverdueTable = 'vaccinations' | 'care_routines';
export const isOverdueTable = (table: string): table is OverdueTable => table === 'vaccinations' || table === 'care_routines';

interface OverdueColumns {
  id: number;
  next_due: string | null;
  overdue_due: string | null;
  overdue_step: number | null;
  overdue_reminded_on: string | null;
  reminder_dismissed_due: string | null;
}
const asOverdueDb = (db: Db) => db as unknown as Kysely<Record<OverdueTable, OverdueColumns>>;

/**
 * Records step `step` as sent for the due date, only if the row still holds the state the job read (compare and
 * swap): of two runs that read the same state, one stores it; a row whose due date changed meanwhile is left alone.
 */
export async function storeOverdueStep(db: Db, table: OverdueTable, id: number, read: OverdueState, step: number, today: string): Promise<boolean> {
  let q = asOverdueDb(db)
    .updateTable(table)
    .set({ overdue_due: read.next_due, overdue_step: step, overdue_reminded_on: today })
    .where('id', '=', id)
    .where('next_due', '=', read.next_due);
  q = read.overdue_due === null ? q.where('overdue_due', 'is', null) : q.where('overdue_due', '=', read.overdue_due);
  q = read.overdue_step === null ? q.where('overdue_step', 'is', null) : q.where('overdue_step', '=', read.overdue_step);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The owner dismisses the overdue reminders of the record's current due date (a new due date arms them again). */
export async function dismissOverdue(db: Db, table: OverdueTable, id: number, due: string): Promise<void> {
  await asOverdueDb(db).updateTable(table).set({ reminder_dismissed_due: due }).where('id', '=', id).where('next_due', '=', due).execute();
}
