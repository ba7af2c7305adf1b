import { countOf } from '../db/count.js';
import type { Db } from '../db/index.js';
import type { CspViolation } from './csp-report-parse.js';

/**
 * At most this many kinds (distinct rows) a day. A broken page or an injection is a handful of kinds reported many
 * times; hundreds of new kinds in a day is someone making them up (the page and blocked source are free text from
 * any address), and the admin list shows the 200 most frequent of 30 days anyway. 500 a day bounds the table at
 * about 15,000 rows of at most ~700 bytes each (~10 MB) whatever arrives.
 */
export const CSP_KINDS_PER_DAY = 500;

/** The day's counter row: violations of kinds beyond the day's allowance are only counted here. */
export const CSP_OVERFLOW_KIND: CspViolation = { directive: '(weitere)', blocked: '(weitere Arten, nur gezählt)', page: '(weitere)' };

const KEY = ['day', 'directive', 'blocked', 'page'] as const;

/**
 * Counts violations per (day, directive, blocked, page); several instances add to the same row. A kind not seen
 * that day gets its row while the day has fewer than CSP_KINDS_PER_DAY, else it adds to the day's counter row.
 * The counter row is written first (an upsert that adds nothing yet): its lock makes concurrent reports of one day
 * count the kinds and insert one after the other (PostgreSQL; SQLite's BEGIN IMMEDIATE does it anyway).
 */
export async function addCspViolations(db: Db, day: string, at: string, violations: CspViolation[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await bumpRow(trx, day, at, CSP_OVERFLOW_KIND, 0);
    let kinds = (await countOf(trx.selectFrom('csp_reports').where('day', '=', day))) - 1;
    for (const v of violations) {
      const seen = await trx
        .updateTable('csp_reports')
        .set((eb) => ({ count: eb('count', '+', 1), last_at: at }))
        .where('day', '=', day)
        .where('directive', '=', v.directive)
        .where('blocked', '=', v.blocked)
        .where('page', '=', v.page)
        .executeTakeFirst();
      if (seen.numUpdatedRows > 0n) continue;
      if (kinds < CSP_KINDS_PER_DAY) {
        await bumpRow(trx, day, at, v, 1);
        kinds++;
      } else {
        await bumpRow(trx, day, at, CSP_OVERFLOW_KIND, 1);
      }
    }
  });
}

async function bumpRow(db: Db, day: string, at: string, v: CspViolation, by: number): Promise<void> {
  await db
    .insertInto('csp_reports')
    .values({ day, directive: v.directive, blocked: v.blocked, page: v.page, count: by, first_at: at, last_at: at })
    .onConflict((oc) =>
      oc.columns([...KEY]).doUpdateSet((eb) => ({
        count: eb('csp_reports.count', '+', by),
        last_at: by > 0 ? eb.ref('excluded.last_at') : eb.ref('csp_reports.last_at'),
      })),
    )
    .execute();
}

export interface CspReportGroup extends CspViolation {
  count: number;
  first_at: string;
  last_at: string;
}

/** The kinds seen since `sinceDay`, most frequent first (the admin list). */
export function cspReportGroups(db: Db, sinceDay: string, limit: number): Promise<CspReportGroup[]> {
  return (
    db
      .selectFrom('csp_reports')
      .where('day', '>=', sinceDay)
      // The day's counter row exists from the day's first report on; it is a kind only once something was counted in it.
      .where('count', '>', 0)
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
      .then((rows) => rows.map((r) => ({ ...r, count: Number(r.count) })))
  );
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
