import { dateInZone } from '../clock.js';
import type { AppContext } from '../context.js';
import { badRequest } from '../http/route/errors.js';
import { assertNotInFuture } from '../http/route/schema-kit.js';

/**
 * The date rules the record kinds' `check` hooks share. `check` sees the record as it would be stored (on a patch,
 * the old row merged with the new fields), so fields arrive as unknown; a missing or null date passes.
 */

const dateOf = (v: unknown) => (typeof v === 'string' ? v : null);

/** 400 on `field` when the record's date (YYYY-MM-DD) lies after today in the app's time zone. */
export function dateNotInFuture(ctx: AppContext, record: Record<string, unknown>, field: string, message?: string): void {
  assertNotInFuture(dateOf(record[field]), dateInZone(ctx.clock.now(), ctx.config.timeZone), field, message);
}

/** 400 on `late` when a later date lies before an earlier one (next_due before the vaccination, end before start). */
export function notBefore(record: Record<string, unknown>, early: string, late: string, message: string): void {
  const a = dateOf(record[early]);
  const b = dateOf(record[late]);
  if (a && b && b < a) throw badRequest(message, { [late]: message });
}
