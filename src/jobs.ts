import type { Job } from '#core/context.js';
import { sendOutboxJob } from '#platform/mail/mail.jobs.js';
import { errorDigestJob } from '#platform/error-digest/index.js';
import { backupSnapshotJob } from '#platform/backup/index.js';
import { sendDuePushesJob } from '#core/push/index.js';
import { cleanStagingJob } from '#core/media/upload.jobs.js';
import { purgeRateLimitCountersJob } from '#core/http/guards/rate-limit.jobs.js';
import { purgeIdempotencyKeysJob } from '#core/http/guards/idempotency.jobs.js';
import { accountsJobs } from './features/accounts/accounts/index.js';
import { buildExportsJob, expireExportsJob } from './features/accounts/exports/index.js';
import { diaryJobs, diaryWeatherConsumer } from './features/dog-records/diary/index.js';
import { purgeExpiredInvoicesJob } from './features/admin/invoices/index.js';
import { enrichBreedsJob } from './features/public-web/wiki/index.js';
import { fillMissingWeatherJob, weatherAlertsJob } from './features/dog-records/weather/index.js';
import { healthJobs } from './features/dog-records/health/index.js';
import { heatJobs } from './features/dog-records/heat/index.js';
import { careJobs } from './features/dog-records/care/index.js';
import { dutyRemindersJob } from './features/dog-records/duties/index.js';
import { tripsJobs } from './features/dog-records/trips/index.js';
import { expensesJobs } from './features/dog-records/expenses/index.js';
import { notesJobs } from './features/dog-records/notes/index.js';
import { aiJobs } from './features/dog-records/ai/index.js';
import { nearbyJobs } from './features/map/nearby/index.js';
import { mapContribJobs } from './features/map/map-contrib/index.js';

/** THE job table: every scheduled job, its cron time (TZ_APP) and its area. */
export const jobs: Job[] = [
  sendOutboxJob, // every minute: mail outbox retries
  sendDuePushesJob, // every minute: push retries (429/5xx, backoff) and pushes held through quiet hours
  errorDigestJob, // 06:30 error digest to ADMIN_EMAIL, only when errors occurred or the backup failed or is missing
  backupSnapshotJob, // 03:15 (BACKUP_CRON; off with BACKUP_ENABLED=false): snapshot of database and media, then 7 daily + 4 weekly kept
  ...accountsJobs, // 03:30 blacklist purge, 03:35 login-failure purge
  buildExportsJob, // every minute: queued data exports built into ZIPs (a dead build is claimed again after 30 min)
  expireExportsJob, // hourly at :20: exports past their 7 days deleted, file and row
  purgeExpiredInvoicesJob, // 04:10 invoices kept 10 years after account deletion, then deleted
  enrichBreedsJob, // hourly at :17, only with AI configured: fills missing breed fields, marked as AI-generated
  ...diaryJobs, // 09:00 anniversaries ("heute vor ... Jahren") as in-app notifications; 04:20 stored files without a row; hourly at :27 place names the upload could not get
  fillMissingWeatherJob([diaryWeatherConsumer]), // hourly at :17: historic weather the uploads could not get
  weatherAlertsJob, // every 15 min: the DWD's warnings, one request per warn cell with a home area; pushed once per warning and user
  cleanStagingJob, // hourly at :41: staged uploads left behind by a crash
  purgeRateLimitCountersJob, // hourly at :23: rate-limit windows that ended
  purgeIdempotencyKeysJob, // hourly at :29: Idempotency-Keys older than 7 days (offline writes)
  ...healthJobs, // 08:00 vaccinations due in 14 days and today, medications ending today, vet appointments today; 18:00 vet appointments tomorrow (owner and caregivers)
  ...heatJobs, // 08:00 heat expected in 7 days and tomorrow, phantom-pregnancy follow-up 63 days after a start
  ...expensesJobs, // 00:20 occurrences of recurring expenses that fell due (idempotent: one row per period)
  ...notesJobs, // 04:25 notes whose record was deleted
  ...nearbyJobs, // 03:15 poison warnings without activity for 14 days archived; every 15 min playdate reminders an hour ahead;
  // every minute safety alerts by mail (3 a day at once), 19:00 the evening mail with the rest; every 10 min the towns of
  // warnings for the public figures (Nominatim, 1/s)
  ...aiJobs, // 03:45 AI usage rows older than any quota window
  ...careJobs, // 08:00 care routines due today or overdue, once per due date (owner and caregivers)
  dutyRemindersJob, // 08:10 duties: due and renewal dates within 14 days, the registry check in September (issue 53)
  ...tripsJobs, // hourly at :07: a trip's window opens (tapeworm, GB certificate) or closes in 3 days, once each (owner and caregivers)
  ...mapContribJobs, // 03:40 dog-welcome uploads retried, 7-day survival checked, Pro grants made and ended
];
