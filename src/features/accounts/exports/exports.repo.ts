import type { Selectable } from 'kysely';
import type { Db } from '#core/db/index.js';
import type { DataExportsTable } from '#core/db/tables/accounts.js';

export type ExportRow = Selectable<DataExportsTable>;

const COLUMNS = ['id', 'user_id', 'status', 'file', 'size_bytes', 'attempts', 'requested_at', 'started_at', 'finished_at', 'expires_at'] as const;

export async function insertExport(db: Db, userId: number, now: string): Promise<ExportRow> {
  return db.insertInto('data_exports').values({ user_id: userId, requested_at: now }).returning(COLUMNS).executeTakeFirstOrThrow();
}

/** The user's latest request after `since` that did not fail (the one-a-day rule), or undefined. */
export function latestRequestSince(db: Db, userId: number, since: string): Promise<{ requested_at: string } | undefined> {
  return db
    .selectFrom('data_exports')
    .select('requested_at')
    .where('user_id', '=', userId)
    .where('requested_at', '>', since)
    .where('status', '<>', 'failed')
    .orderBy('requested_at', 'desc')
    .executeTakeFirst();
}

export function exportsOf(db: Db, userId: number): Promise<ExportRow[]> {
  return db.selectFrom('data_exports').select(COLUMNS).where('user_id', '=', userId).orderBy('id', 'desc').limit(20).execute();
}

export function findExport(db: Db, id: number): Promise<ExportRow | undefined> {
  return db.selectFrom('data_exports').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * Claims the next export to build: a queued one, or one whose builder vanished (running since before
 * `staleBefore`, e.g. a server killed mid-export). A conditional UPDATE, so two instances never build the same one.
 */
export async function claimNextExport(db: Db, now: string, staleBefore: string): Promise<ExportRow | undefined> {
  const next = await db
    .selectFrom('data_exports')
    .select(['id', 'status', 'started_at'])
    .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('started_at', '<', staleBefore)])]))
    .orderBy('id')
    .executeTakeFirst();
  if (!next) return undefined;
  let claim = db
    .updateTable('data_exports')
    .set((eb) => ({ status: 'running', started_at: now, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', next.id)
    .where('status', '=', next.status);
  claim = next.started_at === null ? claim.where('started_at', 'is', null) : claim.where('started_at', '=', next.started_at);
  return claim.returning(COLUMNS).executeTakeFirst();
}

export async function markReady(db: Db, id: number, file: string, size: number, now: string, expiresAt: string): Promise<void> {
  await db.updateTable('data_exports').set({ status: 'ready', file, size_bytes: size, finished_at: now, expires_at: expiresAt }).where('id', '=', id).execute();
}

export async function markFailed(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('data_exports').set({ status: 'failed', finished_at: now }).where('id', '=', id).execute();
}

/** Puts an export back in the queue after a failed try (the next run tries again). */
export async function requeue(db: Db, id: number): Promise<void> {
  await db.updateTable('data_exports').set({ status: 'queued', started_at: null }).where('id', '=', id).execute();
}

export function expiredExports(db: Db, now: string): Promise<{ id: number; user_id: number; file: string | null }[]> {
  return db.selectFrom('data_exports').select(['id', 'user_id', 'file']).where('status', '=', 'ready').where('expires_at', '<=', now).execute();
}

export async function deleteExportRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('data_exports').where('id', '=', id).execute();
}
