import type { Db } from '#core/db/index.js';

/** Adds counts to (day, message); several instances add to the same row. */
export async function addErrorCounts(db: Db, rows: { day: string; message: string; count: number; lastAt: string }[]): Promise<void> {
  for (const r of rows) {
    await db
      .insertInto('error_counts')
      .values({ day: r.day, message: r.message, count: r.count, last_at: r.lastAt })
      .onConflict((oc) =>
        oc.columns(['day', 'message']).doUpdateSet((eb) => ({
          count: eb('error_counts.count', '+', eb.ref('excluded.count')),
          last_at: eb.ref('excluded.last_at'),
        })),
      )
      .execute();
  }
}

export interface ReportedCount {
  day: string;
  message: string;
  count: number;
}

/** Claims every unreported row of a day before `today` for one digest (a conditional UPDATE: one claimer wins). */
export function claimUnreported(db: Db, today: string, now: string): Promise<ReportedCount[]> {
  return db
    .updateTable('error_counts')
    .set({ reported_at: now })
    .where('day', '<', today)
    .where('reported_at', 'is', null)
    .returning(['day', 'message', 'count'])
    .execute();
}

/** Gives a claim back when the mail could not be queued, so the next run reports it. */
export async function releaseClaim(db: Db, now: string): Promise<void> {
  await db.updateTable('error_counts').set({ reported_at: null }).where('reported_at', '=', now).execute();
}
