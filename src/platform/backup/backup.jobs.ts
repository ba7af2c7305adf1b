import { join } from 'node:path';
import type { Job } from '#core/context.js';
import { makeSnapshot } from './make-snapshot.js';
import { planRetention } from './retention.js';
import { snapshotPlaceOf } from './snapshot-place.js';

export const BACKUP_JOB = 'backup.snapshot';

/**
 * Nightly (BACKUP_CRON, 03:15 by default; off with BACKUP_ENABLED=false): one snapshot, taken to its place (the
 * folder, or the bucket with an object store), then the retention (7 daily, 4 weekly by default). One instance runs it (the job lease). The database copy runs in a worker thread and the
 * files are read as streams, so requests go on meanwhile (measured in docs/performance.md). A failure throws: the
 * job list shows it, the error digest reports it, and no snapshot is removed on a night that made none.
 */
export const backupSnapshotJob: Job = {
  name: BACKUP_JOB,
  schedule: '15 3 * * *',
  scheduleFrom: (config) => (config.backup.enabled ? config.backup.cron : null),
  async run(ctx) {
    const { backup } = ctx.config;
    const manifest = await makeSnapshot(ctx);
    const place = snapshotPlaceOf(ctx);
    await place.keep(join(backup.dir, manifest.name), manifest);
    const plan = planRetention(await place.list(), { daily: backup.keepDaily, weekly: backup.keepWeekly }, ctx.config.timeZone);
    for (const old of plan.remove) await place.remove(old.name);
    ctx.log.info(
      { snapshot: manifest.name, bytes: manifest.size_bytes, ms: manifest.duration_ms, removed: plan.remove.length, place: place.description },
      'backup snapshot made',
    );
    return 1;
  },
};
