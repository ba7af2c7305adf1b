import type { Insertable, Selectable } from 'kysely';
import type { Db } from '#core/db/index.js';
import type { InvoicesTable } from '#core/db/tables/invoices.js';
import { formatNumber } from './invoice-money.js';
import type { Invoice, InvoiceSummary } from './invoices.schemas.js';

export type InvoiceRow = Selectable<InvoicesTable>;
export interface ItemValues {
  description: string;
  quantity: number;
  amount_cents: number;
}

/**
 * Takes the next number of a prefix: one conditional UPDATE … RETURNING on the prefix's counter row, inside the
 * transaction that inserts the invoice. A rollback gives the number back, so numbers have no gaps; the counter row
 * lock serialises concurrent invoices; UNIQUE(number) and UNIQUE(prefix, seq) are the second guard.
 */
export async function nextNumber(trx: Db, prefix: 'RG' | 'ST'): Promise<{ seq: number; number: string }> {
  const row = await trx
    .updateTable('invoice_counters')
    .set((eb) => ({ last: eb('last', '+', 1) }))
    .where('prefix', '=', prefix)
    .returning('last')
    .executeTakeFirstOrThrow();
  return { seq: row.last, number: formatNumber(prefix, row.last) };
}

export async function insertInvoice(trx: Db, values: Insertable<InvoicesTable>, items: ItemValues[]): Promise<number> {
  const { id } = await trx.insertInto('invoices').values(values).returning('id').executeTakeFirstOrThrow();
  await trx
    .insertInto('invoice_items')
    .values(items.map((item, i) => ({ invoice_id: id, position: i + 1, ...item, line_total_cents: item.amount_cents * item.quantity })))
    .execute();
  return id;
}

export async function findInvoiceRow(db: Db, id: number): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks an issued RG invoice cancelled, taking its row lock; undefined when it is not (or no longer) cancellable. */
export async function markCancelled(trx: Db, id: number, now: string): Promise<InvoiceRow | undefined> {
  return trx
    .updateTable('invoices')
    .set({ status: 'cancelled', cancelled_at: now })
    .where('id', '=', id)
    .where('prefix', '=', 'RG')
    .where('status', '=', 'issued')
    .returningAll()
    .executeTakeFirst();
}

export async function itemsOf(db: Db, invoiceId: number) {
  return db
    .selectFrom('invoice_items')
    .select(['position', 'description', 'quantity', 'amount_cents', 'line_total_cents'])
    .where('invoice_id', '=', invoiceId)
    .orderBy('position')
    .execute();
}

export function toSummary(row: InvoiceRow): InvoiceSummary {
  return {
    id: row.id,
    number: row.number,
    prefix: row.prefix === 'ST' ? 'ST' : 'RG',
    status: row.status === 'cancelled' ? 'cancelled' : 'issued',
    user_id: row.user_id,
    cancels_invoice_id: row.cancels_invoice_id,
    issue_date: row.issue_date,
    billing_name: row.billing_name,
    billing_email: row.billing_email,
    total_cents: row.total_cents,
    created_at: row.created_at,
  };
}

/** The full invoice with items and the numbers of its counterpart (original or cancellation). */
export async function loadInvoice(db: Db, id: number): Promise<Invoice | undefined> {
  const row = await findInvoiceRow(db, id);
  if (!row) return undefined;
  const [items, original, cancellation] = await Promise.all([
    itemsOf(db, id),
    row.cancels_invoice_id === null ? undefined : db.selectFrom('invoices').select('number').where('id', '=', row.cancels_invoice_id).executeTakeFirst(),
    db.selectFrom('invoices').select('number').where('cancels_invoice_id', '=', id).executeTakeFirst(),
  ]);
  return {
    ...toSummary(row),
    billing_address: row.billing_address,
    issuer_name: row.issuer_name,
    issuer_address: row.issuer_address,
    issuer_vat_id: row.issuer_vat_id,
    vat_rate_percent: row.vat_rate_percent,
    net_cents: row.net_cents,
    vat_cents: row.vat_cents,
    note: row.note,
    cancelled_at: row.cancelled_at,
    cancels_number: original?.number ?? null,
    cancelled_by_number: cancellation?.number ?? null,
    items,
  };
}

/** Newest first, optionally one user's; `beforeId` is the cursor. */
export async function listInvoices(db: Db, options: { userId?: number | undefined; limit: number; beforeId?: number | undefined }): Promise<InvoiceRow[]> {
  let q = db.selectFrom('invoices').selectAll().orderBy('id', 'desc').limit(options.limit);
  if (options.userId !== undefined) q = q.where('user_id', '=', options.userId);
  if (options.beforeId !== undefined) q = q.where('id', '<', options.beforeId);
  return q.execute();
}

/** Starts the retention clock of invoices whose account was deleted (ON DELETE SET NULL left user_id NULL). */
export async function stampDeletedAccounts(db: Db, now: string): Promise<void> {
  await db.updateTable('invoices').set({ user_deleted_at: now }).where('user_id', 'is', null).where('user_deleted_at', 'is', null).execute();
}

/** Deletes up to `batch` invoices of one prefix stamped at or before `cutoff` that no kept cancellation points to. */
export async function deleteExpiredBatch(db: Db, prefix: 'RG' | 'ST', cutoff: string, batch: number): Promise<number> {
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
        .limit(batch),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
