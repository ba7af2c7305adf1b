import type { Job } from '#core/context.js';
import { cleanStagingJob } from '#core/media/upload.jobs.js';
import { purgeIdempotencyKeysJob } from '#core/http/guards/idempotency.jobs.js';
import { purgeRateLimitCountersJob } from '#core/http/guards/rate-limit.jobs.js';
import { sendDuePushesJob } from '#core/push/index.js';
import { backupSnapshotJob } from '#platform/backup/index.js';
import { errorDigestJob } from '#platform/error-digest/index.js';
import { sendOutboxJob } from '#platform/mail/mail.jobs.js';
import { areas } from './areas.js';

/** The engine's jobs (platform/ and core/): no area lists them. */
const engineJobs: Job[] = [
  sendOutboxJob, // every minute: mail outbox retries
  sendDuePushesJob, // every minute: push retries (429/5xx, backoff) and pushes held through quiet hours
  errorDigestJob, // 06:30 error digest to ADMIN_EMAIL, only when errors occurred or the backup failed or is missing
  backupSnapshotJob, // 03:15 (BACKUP_CRON; off with BACKUP_ENABLED=false): snapshot of database and media, then 7 daily + 4 weekly kept
  cleanStagingJob, // hourly at :41: staged uploads left behind by a crash
  purgeRateLimitCountersJob, // hourly at :23: rate-limit windows that ended
  purgeIdempotencyKeysJob, // hourly at :29: Idempotency-Keys older than 7 days (offline writes)
];

/**
 * THE job table: every scheduled job, its cron time (TZ_APP) and its area. The engine's jobs, then every manifest's
 * `jobs` in the order of src/areas.ts (each with its time beside it there).
 */
export const jobs: Job[] = [...engineJobs, ...areas.flatMap((area) => area.jobs ?? [])];
