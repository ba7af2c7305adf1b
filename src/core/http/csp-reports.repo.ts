import type { Db } from '../db/index.js';
import type { CspViolation } from './csp-report-parse.js';

/** Counts violations per (day, directive, blocked, page); several instances add to the same row. */
export async function addCspViolations(db: Db, day: string, at: string, violations: CspViolation[]): Promise<void> {
  for (const v of violations) {
    await db
      .insertInto('csp_reports')
      .values({ day, directive: v.directive, blocked: v.blocked, page: v.page, count: 1, first_at: at, last_at: at })
      .onConflict((oc) =>
        oc.columns(['day', 'directive', 'blocked', 'page']).doUpdateSet((eb) => ({
          count: eb('csp_reports.count', '+', 1),
          last_at: eb.ref('excluded.last_at'),
        })),
      )
      .execute();
  }
}

export interface CspReportGroup extends CspViolation {
  count: number;
  first_at: string;
  last_at: string;
}

/** The kinds seen since `sinceDay`, most frequent first (the admin list). */
export function cspReportGroups(db: Db, sinceDay: string, limit: number): Promise<CspReportGroup[]> {
  return db
    .selectFrom('csp_reports')
    .where('day', '>=', sinceDay)
    .select((eb) => [
      'directive',
      'blocked',
      'page',
      eb.fn.sum<number>('count').as('count'),
      eb.fn.min('first_at').as('first_at'),
      eb.fn.max('last_at').as('last_at'),
    ])
    .groupBy(['directive', 'blocked', 'page'])
    .orderBy('count', 'desc')
    .orderBy('last_at', 'desc')
    .limit(limit)
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, count: Number(r.count) })));
}

/** Claims the unreported violations of the days before `today` for one digest; returns how many they were. */
export async function claimUnreportedCspCount(db: Db, today: string, now: string): Promise<number> {
  const rows = await db
    .updateTable('csp_reports')
    .set({ reported_at: now })
    .where('day', '<', today)
    .where('reported_at', 'is', null)
    .returning('count')
    .execute();
  return rows.reduce((n, r) => n + r.count, 0);
}

export async function releaseCspClaim(db: Db, now: string): Promise<void> {
  await db.updateTable('csp_reports').set({ reported_at: null }).where('reported_at', '=', now).execute();
}

/** Reported rows older than `beforeDay` go: the admin list shows 30 days, the digest has counted them. */
export async function deleteOldCspReports(db: Db, beforeDay: string): Promise<void> {
  await db.deleteFrom('csp_reports').where('day', '<', beforeDay).where('reported_at', 'is not', null).execute();
}
