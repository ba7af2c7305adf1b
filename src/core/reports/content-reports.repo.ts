import { sql } from 'kysely';
import type { Db } from '../db/index.js';

/**
 * Reports to the moderators, of every kind, in one table (content_reports): a forum post, a map item, a person or a
 * direct message, named by the reported row's table (`kind`: forum_posts, poison_warnings, users, messages, …) and
 * its id there. One report per person and reported row; one decision closes every open report of the row.
 */

/** What a report is about: the reported row's table and its id there. */
export interface ReportTarget {
  kind: string;
  id: number;
}

/** Stores the report once: a second report of the same person and row is no news for the moderators. */
export async function insertReport(db: Db, target: ReportTarget, reporterId: number, reason: string, now: string): Promise<void> {
  await db
    .insertInto('content_reports')
    .values({ target_kind: target.kind, target_id: target.id, reporter_id: reporterId, reason, created_at: now })
    .onConflict((oc) => oc.columns(['target_kind', 'target_id', 'reporter_id']).doNothing())
    .execute();
}

/**
 * THE moderation queue: the open reports, oldest first, with the reporter; of the given kinds, or of every kind;
 * after the report `afterId` when given (keyset, content_reports_status_idx on (status, id)).
 */
export async function openReports(db: Db, options: { kinds?: readonly string[]; limit: number; afterId?: number | undefined }) {
  if (options.kinds?.length === 0) return [];
  let q = db
    .selectFrom('content_reports')
    .innerJoin('users as reporter', 'reporter.id', 'content_reports.reporter_id')
    .select([
      'content_reports.id',
      'content_reports.target_kind',
      'content_reports.target_id',
      'content_reports.reason',
      'content_reports.created_at',
      'reporter.id as reporter_id',
      'reporter.name as reporter_name',
      'reporter.email as reporter_email',
    ])
    .where('content_reports.status', '=', 'open');
  if (options.kinds) q = q.where('content_reports.target_kind', 'in', options.kinds);
  if (options.afterId !== undefined) q = q.where('content_reports.id', '>', options.afterId);
  return q.orderBy('content_reports.id').limit(options.limit).execute();
}
export type OpenReport = Awaited<ReturnType<typeof openReports>>[number];

/** One report, open or resolved, if it is of one of the kinds (a forum screen cannot settle a map item's report). */
export function findReport(db: Db, id: number, kinds: readonly string[]) {
  if (kinds.length === 0) return Promise.resolve(undefined);
  return db
    .selectFrom('content_reports')
    .select(['id', 'target_kind', 'target_id', 'status'])
    .where('id', '=', id)
    .where('target_kind', 'in', kinds)
    .executeTakeFirst();
}

/** Closes every open report of the rows at once with the decision (`by` null: nobody decided, the row went). */
export async function closeReports(db: Db, kind: string, targetIds: readonly number[], by: number | null, action: string, now: string): Promise<void> {
  if (targetIds.length === 0) return;
  await db
    .updateTable('content_reports')
    .set({ status: 'resolved', action, resolved_by: by, resolved_at: now })
    .where('target_kind', '=', kind)
    .where('target_id', 'in', targetIds)
    .where('status', '=', 'open')
    .execute();
}

/**
 * Closes the open reports of `kind` whose row is gone (deleted by ON DELETE CASCADE, e.g. with its author's account).
 * `kind` is the reported rows' table, so it is checked there.
 */
export async function closeReportsOfGoneRows(db: Db, kind: string, action: string, now: string): Promise<void> {
  await db
    .updateTable('content_reports')
    .set({ status: 'resolved', action, resolved_by: null, resolved_at: now })
    .where('target_kind', '=', kind)
    .where('status', '=', 'open')
    .where(sql<boolean>`not exists (select 1 from ${sql.table(kind)} gone where gone.id = content_reports.target_id)`)
    .execute();
}
