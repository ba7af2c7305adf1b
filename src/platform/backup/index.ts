/**
 * Backups (docs/operations.md): a consistent snapshot of the database and media with a checksummed manifest, the
 * nightly job with retention, the restore, and the admin's view. The CLI's `backup` and `restore` call these.
 */
export { backupSnapshotJob, BACKUP_JOB } from './backup.jobs.js';
export { backupRoutes } from './backup.routes.js';
export { backupStatus, type BackupStatus } from './backup-status.js';
export { makeSnapshot, type BackupDeps } from './make-snapshot.js';
export { restoreSnapshot, verifySnapshot, type RestoreResult } from './restore-snapshot.js';
export { planRetention } from './retention.js';
export { markServing, servingPids } from './serving-marker.js';
export { BackupError, listSnapshots, readManifest } from './snapshot-folder.js';
export type { Manifest, SnapshotSummary } from './manifest.js';
export { bucketPlace, folderPlace, snapshotPlaceOf, type SnapshotPlace } from './snapshot-place.js';
