import type { Request } from 'express';
import { z } from 'zod';
import { dateInZone } from '../../core/clock.js';
import type { AppContext } from '../../core/context.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../core/http/errors.js';
import { decodeCursor, toPage } from '../../core/http/pagination.js';
import { splitGross } from './invoice-money.js';
import { findInvoiceRow, insertInvoice, itemsOf, listInvoices, loadInvoice, markCancelled, nextNumber, toSummary } from './invoices.repo.js';
import type { CreateInvoiceBody, Invoice } from './invoices.schemas.js';

const IdCursor = z.object({ id: z.number().int() });

/**
 * Issues an RG invoice. The billing snapshot (name, email, address) and the issuer snapshot are copied onto the
 * invoice, so it stays complete after the account is deleted. Number and row are written in one transaction.
 */
export async function createInvoice(ctx: AppContext, adminId: number, body: CreateInvoiceBody): Promise<Invoice> {
  const issuer = ctx.config.invoice;
  if (!issuer.issuerAddress)
    throw conflict('Bitte trag zuerst die Absenderadresse für Rechnungen ein (INVOICE_ISSUER_ADDRESS).', 'issuer_missing');
  const total = body.items.reduce((sum, item) => sum + item.amount_cents * item.quantity, 0);
  if (total <= 0) throw badRequest('Der Rechnungsbetrag muss größer als 0 € sein.', { items: 'Die Summe muss größer als 0 € sein.' });
  const customer = await ctx.db.selectFrom('users').select(['name', 'email']).where('id', '=', body.user_id).executeTakeFirst();
  if (!customer) throw notFound('Dieses Konto gibt es nicht.');

  const now = ctx.clock.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const { seq, number } = await nextNumber(trx, 'RG');
    return insertInvoice(
      trx,
      {
        number,
        prefix: 'RG',
        seq,
        user_id: body.user_id,
        issue_date: dateInZone(now, ctx.config.timeZone),
        billing_name: customer.name,
        billing_email: customer.email,
        billing_address: body.billing_address || null,
        issuer_name: issuer.issuerName,
        issuer_address: issuer.issuerAddress,
        issuer_vat_id: issuer.vatId,
        vat_rate_percent: issuer.vatRatePercent,
        ...splitGross(total, issuer.vatRatePercent),
        total_cents: total,
        note: body.note || null,
        created_by: adminId,
        created_at: now.toISOString(),
      },
      body.items,
    );
  });
  return mustLoad(ctx, id);
}

/**
 * Cancels an RG invoice with an ST invoice: same snapshots and VAT rate, every amount negated, a reference to the
 * original. Marking the original (a conditional UPDATE) and issuing the ST number happen in one transaction, so an
 * invoice is cancelled at most once (UNIQUE(cancels_invoice_id) as the second guard).
 */
export async function cancelInvoice(ctx: AppContext, adminId: number, id: number, reason: string | undefined): Promise<Invoice> {
  const now = ctx.clock.now();
  const stId = await ctx.db.transaction().execute(async (trx) => {
    const original = await markCancelled(trx, id, now.toISOString());
    if (!original) return undefined;
    const items = (await itemsOf(trx, id)).map((i) => ({ description: i.description, quantity: i.quantity, amount_cents: -i.amount_cents }));
    const { seq, number } = await nextNumber(trx, 'ST');
    return insertInvoice(
      trx,
      {
        ...original,
        id: undefined,
        number,
        prefix: 'ST',
        seq,
        status: 'issued',
        cancels_invoice_id: original.id,
        issue_date: dateInZone(now, ctx.config.timeZone),
        net_cents: -original.net_cents,
        vat_cents: -original.vat_cents,
        total_cents: -original.total_cents,
        note: reason || `Storno der Rechnung ${original.number}`,
        created_by: adminId,
        cancelled_at: null,
        created_at: now.toISOString(),
      },
      items,
    );
  });
  if (stId === undefined) {
    const row = await findInvoiceRow(ctx.db, id);
    if (!row) throw notFound('Diese Rechnung gibt es nicht.');
    throw row.prefix === 'ST'
      ? conflict('Eine Stornorechnung kann nicht storniert werden.', 'not_cancellable')
      : conflict('Diese Rechnung ist schon storniert.', 'already_cancelled');
  }
  return mustLoad(ctx, stId);
}

async function mustLoad(ctx: AppContext, id: number): Promise<Invoice> {
  const invoice = await loadInvoice(ctx.db, id);
  if (!invoice) throw notFound('Diese Rechnung gibt es nicht.');
  return invoice;
}

export async function listPage(ctx: AppContext, query: { user_id?: number | undefined; limit: number; cursor?: string | undefined }) {
  const before = decodeCursor(query.cursor, IdCursor);
  const rows = await listInvoices(ctx.db, { userId: query.user_id, limit: query.limit + 1, beforeId: before?.id });
  return toPage(rows, query.limit, (r) => ({ id: r.id }), toSummary);
}

export const getInvoice = mustLoad;

/** A user's own invoice: missing → 404, another user's → 403. */
export async function getOwnInvoice(ctx: AppContext, req: Request, id: number): Promise<Invoice> {
  if (!req.user) throw unauthorized();
  const row = await findInvoiceRow(ctx.db, id);
  if (!row) throw notFound('Diese Rechnung gibt es nicht.');
  if (row.user_id !== req.user.id) throw forbidden('Das ist nicht deine Rechnung.');
  return mustLoad(ctx, id);
}
