import type { Selectable } from 'kysely';
import type { Db } from '#core/db/index.js';
import { countOf } from '#core/db/count.js';
import type { UpgradeRequestsTable } from '#core/db/tables/upgrades.js';
import { UPGRADE_STATUSES, type AdminUpgradeRequest, type UpgradeRequest } from './upgrades.schemas.js';

const COLUMNS = ['id', 'user_id', 'tier', 'message', 'status', 'granted_tier', 'reason', 'decided_at', 'created_at'] as const;
type Row = Pick<Selectable<UpgradeRequestsTable>, (typeof COLUMNS)[number]>;

const asStatus = (s: string): UpgradeRequest['status'] => ((UPGRADE_STATUSES as readonly string[]).includes(s) ? (s as UpgradeRequest['status']) : 'open');
export const toRequest = (row: Row): UpgradeRequest => ({ ...row, status: asStatus(row.status) });

export async function insertRequest(db: Db, values: { user_id: number; tier: string; message: string | null; now: string }): Promise<UpgradeRequest> {
  const row = await db
    .insertInto('upgrade_requests')
    .values({ user_id: values.user_id, tier: values.tier, message: values.message, created_at: values.now, updated_at: values.now })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toRequest(row);
}

export async function findRequest(db: Db, id: number): Promise<UpgradeRequest | undefined> {
  const row = await db.selectFrom('upgrade_requests').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toRequest(row);
}

export async function hasOpenRequest(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('upgrade_requests').select('id').where('user_id', '=', userId).where('status', '=', 'open').executeTakeFirst();
  return row !== undefined;
}

export async function listOwnRequests(db: Db, userId: number, limit: number, beforeId?: number): Promise<UpgradeRequest[]> {
  let q = db.selectFrom('upgrade_requests').select(COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').limit(limit);
  if (beforeId !== undefined) q = q.where('id', '<', beforeId);
  return (await q.execute()).map(toRequest);
}

/** Newest first, with the requesting user; the inner join leaves out anything whose user is gone. */
export async function listForAdmin(
  db: Db,
  options: { status?: string | undefined; limit: number; beforeId?: number | undefined },
): Promise<AdminUpgradeRequest[]> {
  let q = db
    .selectFrom('upgrade_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.user_id', 'r.tier', 'r.message', 'r.status', 'r.granted_tier', 'r.reason', 'r.decided_at', 'r.created_at'])
    .select(['u.name as user_name', 'u.email as user_email', 'u.subscription_tier as user_tier'])
    .orderBy('r.id', 'desc')
    .limit(options.limit);
  if (options.status) q = q.where('r.status', '=', options.status);
  if (options.beforeId !== undefined) q = q.where('r.id', '<', options.beforeId);
  return (await q.execute()).map(({ user_name, user_email, user_tier, ...r }) => ({
    ...toRequest(r),
    user: { id: r.user_id, name: user_name, email: user_email, subscription_tier: user_tier },
  }));
}

/** The admin to-do counter (spec, other behaviours 5): open requests whose user still exists. */
export function countOpen(db: Db): Promise<number> {
  return countOf(db.selectFrom('upgrade_requests as r').innerJoin('users as u', 'u.id', 'r.user_id').where('r.status', '=', 'open'));
}

/** Moves an open request to its final state; undefined when it was not open (any more). */
export async function closeRequest(
  db: Db,
  id: number,
  values: { status: 'fulfilled' | 'rejected' | 'withdrawn'; granted_tier?: string; reason?: string | null; decided_by?: number | null; now: string },
): Promise<UpgradeRequest | undefined> {
  const row = await db
    .updateTable('upgrade_requests')
    .set({
      status: values.status,
      granted_tier: values.granted_tier ?? null,
      reason: values.reason ?? null,
      decided_by: values.decided_by ?? null,
      decided_at: values.now,
      updated_at: values.now,
    })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returning(COLUMNS)
    .executeTakeFirst();
  return row && toRequest(row);
}
