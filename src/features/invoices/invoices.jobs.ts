import type { AppContext, Job } from '../../core/context.js';
import type { Db } from '../../core/db/index.js';

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
  await ctx.db
    .updateTable('invoices')
    .set({ user_deleted_at: now.toISOString() })
    .where('user_id', 'is', null)
    .where('user_deleted_at', 'is', null)
    .execute();
  const cutoff = yearsBefore(now, RETENTION_YEARS).toISOString();
  let deleted = 0;
  for (const prefix of ['ST', 'RG'] as const) {
    for (;;) {
      const n = await deleteBatch(ctx.db, prefix, cutoff);
      deleted += n;
      if (n < BATCH) break;
    }
  }
  if (deleted) ctx.log.info({ deleted, cutoff }, 'expired invoices deleted');
  return deleted;
}

async function deleteBatch(db: Db, prefix: 'RG' | 'ST', cutoff: string): Promise<number> {
  const result = await db
    .deleteFrom('invoices')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('invoices as i')
        .select('i.id')
        .where('i.prefix', '=', prefix)
        .where('i.user_deleted_at', '<=', cutoff)
        .where((e) => e.not(e.exists(e.selectFrom('invoices as c').select('c.id').whereRef('c.cancels_invoice_id', '=', 'i.id'))))
        .orderBy('i.id')
        .limit(BATCH),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export const purgeExpiredInvoicesJob: Job = {
  name: 'invoices.purge-expired',
  schedule: '10 4 * * *', // 04:10 Europe/Berlin
  run: purgeExpiredInvoices,
};
