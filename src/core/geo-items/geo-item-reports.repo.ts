import type { Db } from '../db/index.js';

/** Reports of geo items to the moderators (table geo_item_reports): one per person and item. */

export async function insertGeoReport(db: Db, kind: string, itemId: number, reporterId: number, reason: string, now: string): Promise<void> {
  await db
    .insertInto('geo_item_reports')
    .values({ kind, item_id: itemId, reporter_id: reporterId, reason, created_at: now })
    .onConflict((oc) => oc.columns(['kind', 'item_id', 'reporter_id']).doNothing())
    .execute();
}

/** The open reports, oldest first, with the reporter. */
export function openGeoReports(db: Db, limit: number) {
  return db
    .selectFrom('geo_item_reports')
    .innerJoin('users', 'users.id', 'geo_item_reports.reporter_id')
    .select([
      'geo_item_reports.id',
      'geo_item_reports.kind',
      'geo_item_reports.item_id',
      'geo_item_reports.reason',
      'geo_item_reports.created_at',
      'users.id as reporter_id',
      'users.name as reporter_name',
      'users.email as reporter_email',
    ])
    .where('geo_item_reports.status', '=', 'open')
    .orderBy('geo_item_reports.id')
    .limit(limit)
    .execute();
}

export function findGeoReport(db: Db, id: number) {
  return db.selectFrom('geo_item_reports').select(['id', 'kind', 'item_id', 'status']).where('id', '=', id).executeTakeFirst();
}

/** Closes every open report of the item at once: one decision answers them all. */
export async function closeGeoReports(db: Db, kind: string, itemId: number, by: number | null, action: string, now: string): Promise<void> {
  await db
    .updateTable('geo_item_reports')
    .set({ status: 'resolved', action, resolved_by: by, resolved_at: now })
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .where('status', '=', 'open')
    .execute();
}
