import type { AppContext, Job } from '#core/context.js';
import { deleteExpiredBatch, stampDeletedAccounts } from './invoices.repo.js';

export const RETENTION_YEARS = 10;
const BATCH = 500;

/** The instant `years` calendar years before `now` (UTC). */
export function yearsBefore(now: Date, years: number): Date {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d;
}

/**
 * Spec: invoice data is kept 10 years after account deletion. The deletion itself (ON DELETE SET NULL) leaves
 * user_id NULL; this job stamps user_deleted_at on its first run after that, so the 10 years never start early
 * (at most one day late), and deletes invoices whose stamp is older than 10 years. A cancellation (ST) goes before
 * or together with its original; an original is never deleted while its cancellation is still kept.
 */
export async function purgeExpiredInvoices(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  await stampDeletedAccounts(ctx.db, now.toISOString());
  const cutoff = yearsBefore(now, RETENTION_YEARS).toISOString();
  let deleted = 0;
  for (const prefix of ['ST', 'RG'] as const) {
    for (;;) {
      const n = await deleteExpiredBatch(ctx.db, prefix, cutoff, BATCH);
      deleted += n;
      if (n < BATCH) break;
    }
  }
  if (deleted) ctx.log.info({ deleted, cutoff }, 'expired invoices deleted');
  return deleted;
}

export const purgeExpiredInvoicesJob: Job = {
  name: 'invoices.purge-expired',
  schedule: '10 4 * * *', // 04:10 Europe/Berlin
  run: purgeExpiredInvoices,
};
