import type { AppContext } from '#core/context.js';
import { listLeases } from '../scheduler/leases.repo.js';
import { BACKUP_JOB } from './backup.jobs.js';
import { summaryOf, type SnapshotSummary } from './manifest.js';
import { snapshotPlaceOf } from './snapshot-place.js';

/** A backup older than this is missing: the digest says so (one night may fail, two may not). */
export const BACKUP_MISSING_AFTER_MS = 36 * 60 * 60 * 1000;

export interface BackupStatus {
  enabled: boolean;
  schedule: string;
  keep: { daily: number; weekly: number };
  /** A snapshot is being made on some instance now (its job lease is held). */
  running: boolean;
  location: string;
  snapshots: SnapshotSummary[];
  last_run: { status: 'ok' | 'failed' | null; started_at: string | null; finished_at: string | null; error: string | null };
  /** What the admin should know (German), or null when all is well. */
  problem: string | null;
}

/** The admin's view and the digest's check: the kept snapshots, the last run, and whether something is wrong. */
export async function backupStatus(ctx: Pick<AppContext, 'config' | 'db' | 'clock' | 'media'>): Promise<BackupStatus> {
  const { backup } = ctx.config;
  const place = snapshotPlaceOf(ctx);
  const snapshots = (await place.list()).map(summaryOf);
  const lease = (await listLeases(ctx.db)).find((l) => l.name === BACKUP_JOB);
  const status: 'ok' | 'failed' | null = lease?.last_status === 'ok' || lease?.last_status === 'failed' ? lease.last_status : null;
  const last_run = { status, started_at: lease?.last_started_at ?? null, finished_at: lease?.last_finished_at ?? null, error: lease?.last_error ?? null };
  const running = Boolean(lease?.owner && lease.locked_until > ctx.clock.now().toISOString());
  return {
    enabled: backup.enabled,
    schedule: backup.cron,
    keep: { daily: backup.keepDaily, weekly: backup.keepWeekly },
    running,
    location: place.description,
    snapshots,
    last_run,
    problem: problemOf(backup.enabled, snapshots, last_run, ctx.clock.now()),
  };
}

function problemOf(enabled: boolean, snapshots: SnapshotSummary[], lastRun: BackupStatus['last_run'], now: Date): string | null {
  if (!enabled) return null;
  if (lastRun.status === 'failed') return `Die letzte Sicherung ist fehlgeschlagen: ${lastRun.error ?? 'ohne Meldung'}`;
  const newest = snapshots[0];
  if (!newest) return lastRun.status ? 'Es gibt keine Sicherung mehr im Sicherungsordner.' : null; // a new install: the first night has not come yet
  if (now.getTime() - Date.parse(newest.created_at) > BACKUP_MISSING_AFTER_MS)
    return `Seit mehr als 36 Stunden keine neue Sicherung (die letzte ist vom ${newest.created_at.slice(0, 16).replace('T', ' ')} UTC).`;
  return null;
}
