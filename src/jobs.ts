import type { Job } from './core/context.js';
import { sendOutboxJob } from './core/mail/mail.jobs.js';
import { accountsJobs } from './features/accounts/index.js';
import { purgeExpiredInvoicesJob } from './features/invoices/index.js';

/** THE job table: every scheduled job, its cron time (TZ_APP) and its area. */
export const jobs: Job[] = [
  sendOutboxJob, // every minute: mail outbox retries
  ...accountsJobs, // 03:30 blacklist purge, 03:35 login-failure purge
  purgeExpiredInvoicesJob, // 04:10 invoices kept 10 years after account deletion, then deleted
];
