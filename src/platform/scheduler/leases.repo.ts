import type { Selectable } from 'kysely';
import type { Db } from '#core/db/index.js';
import type { JobLeasesTable } from '#core/db/tables/platform.js';

export async function ensureLeaseRow(db: Db, name: string): Promise<void> {
  await db
    .insertInto('job_leases')
    .values({ name, owner: null, locked_until: new Date(0).toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * One conditional UPDATE decides which instance runs a slot: the lease must be free (or expired) and the slot
 * newer than the last one run. Two instances on one database (SQLite file or PostgreSQL) cannot both win it.
 */
export async function acquireLease(db: Db, name: string, owner: string, now: Date, until: Date, slot: string): Promise<boolean> {
  const row = await db
    .updateTable('job_leases')
    .set({ owner, locked_until: until.toISOString(), last_started_at: now.toISOString(), last_slot: slot })
    .where('name', '=', name)
    // `<=`: a lease released in this very millisecond is free (an instance running the next slot at once).
    .where('locked_until', '<=', now.toISOString())
    .where((eb) => eb.or([eb('last_slot', 'is', null), eb('last_slot', '<', slot)]))
    .returning('name')
    .executeTakeFirst();
  return row !== undefined;
}

export async function releaseLease(
  db: Db,
  name: string,
  owner: string,
  finished: string,
  r: { status: 'ok' | 'failed'; count: number | null; durationMs: number; error: string | null },
): Promise<void> {
  await db
    .updateTable('job_leases')
    .set({
      owner: null,
      locked_until: finished,
      last_finished_at: finished,
      last_status: r.status,
      last_count: r.count,
      last_duration_ms: r.durationMs,
      last_error: r.error ? r.error.slice(0, 1000) : null,
    })
    .where('name', '=', name)
    .where('owner', '=', owner)
    .execute();
}

/**
 * A run cut short by a shutdown gives its lease back: free at once, so another instance can take the next slot.
 * `last_slot` stays: the slot counts as run and is not started again (jobs are safe to rerun, the next slot picks up
 * what this one left). Only the owner's own lease; a run that finished meanwhile has released it already.
 */
export async function abandonLease(db: Db, name: string, owner: string, at: string, r: { durationMs: number; error: string }): Promise<boolean> {
  const result = await db
    .updateTable('job_leases')
    .set({ owner: null, locked_until: at, last_finished_at: at, last_status: 'failed', last_count: null, last_duration_ms: r.durationMs, last_error: r.error })
    .where('name', '=', name)
    .where('owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** What the admin job list shows of a lease (the slot bookkeeping stays inside the scheduler). */
const LEASE_COLUMNS = [
  'name',
  'owner',
  'locked_until',
  'last_started_at',
  'last_finished_at',
  'last_status',
  'last_count',
  'last_duration_ms',
  'last_error',
] as const;
export type LeaseRow = Pick<Selectable<JobLeasesTable>, (typeof LEASE_COLUMNS)[number]>;

export function listLeases(db: Db): Promise<LeaseRow[]> {
  return db.selectFrom('job_leases').select(LEASE_COLUMNS).execute();
}
