import { requireOwner, type Wording } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import { dateInZone } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import type { ExportSection } from '#core/export/index.js';
import { badRequest, conflict, notFound } from '#core/http/route/errors.js';
import { byId, keysetPage, type Page, type PageQuery } from '#core/http/route/pagination.js';
import { findUserContact } from '../../accounts/accounts/index.js';
import { notify } from '#core/push/index.js';
import { missingForInvoices, operatorSettings, vatRateOf } from '../operator/index.js';
import { formatEuro, splitGross } from './invoice-money.js';
import { findInvoiceRow, insertInvoice, itemsOf, listInvoices, loadInvoice, markCancelled, nextNumber, toSummary, type InvoiceRow } from './invoices.repo.js';
import type { CreateInvoiceBody, Invoice, InvoiceSummary } from './invoices.schemas.js';

const INVOICE_WORDING: Wording = { missing: 'Diese Rechnung gibt es nicht.', foreign: 'Das ist nicht deine Rechnung.' };
/** The owner of an invoice whose account is deleted (user_id NULL): no user has this id, so everyone gets 403. */
const NOBODY = 0;

/**
 * Issues an RG invoice. The billing snapshot (name, email, address) and the issuer snapshot are copied onto the
 * invoice, so it stays complete after the account is deleted. Number and row are written in one transaction.
 */
export async function createInvoice(ctx: AppContext, actor: Actor, body: CreateInvoiceBody): Promise<Invoice> {
  const issuer = await operatorSettings(ctx);
  const missing = missingForInvoices(issuer);
  if (missing.length) throw conflict(`Für Rechnungen fehlt noch ${missing.join(', ')}: trag das unter „Verwaltung → Einstellungen“ ein.`, 'issuer_missing');
  const vatRate = vatRateOf(ctx, issuer);
  const total = body.items.reduce((sum, item) => sum + item.amount_cents * item.quantity, 0);
  if (total <= 0) throw badRequest('Der Rechnungsbetrag muss größer als 0 € sein.', { items: 'Die Summe muss größer als 0 € sein.' });
  const customer = await findUserContact(ctx.db, body.user_id);
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
        issuer_name: issuer.operator_name,
        issuer_address: issuer.operator_address,
        issuer_vat_id: issuer.vat_id,
        vat_rate_percent: vatRate,
        ...splitGross(total, vatRate),
        total_cents: total,
        note: body.note || null,
        created_by: actor.id,
        created_at: now.toISOString(),
      },
      body.items,
    );
  });
  const invoice = await mustLoad(ctx, id);
  await tellOwner(ctx, invoice, `Neue Rechnung ${invoice.number}`, `${formatEuro(invoice.total_cents)} – tippe, um sie anzusehen.`);
  return invoice;
}

/**
 * The recipient hears of an invoice issued to them or of its cancellation (in the app and by push, kind
 * 'invoice'), once per invoice number. After the commit: a failed notification never undoes an invoice.
 */
async function tellOwner(ctx: AppContext, invoice: Invoice, title: string, body: string): Promise<void> {
  if (invoice.user_id === null) return;
  try {
    await notify(
      ctx,
      invoice.user_id,
      'invoice',
      { title, body, url: '/app/profil/rechnungen', tag: `invoice-${invoice.id}` },
      { dedupeKey: `invoice:${invoice.id}` },
    );
  } catch (err) {
    ctx.log.error({ err, invoiceId: invoice.id }, 'the invoice notification could not be stored');
  }
}

/**
 * Cancels an RG invoice with an ST invoice: same snapshots and VAT rate, every amount negated, a reference to the
 * original. Marking the original (a conditional UPDATE) and issuing the ST number happen in one transaction, so an
 * invoice is cancelled at most once (UNIQUE(cancels_invoice_id) as the second guard).
 */
export async function cancelInvoice(ctx: AppContext, actor: Actor, id: number, reason: string | undefined): Promise<Invoice> {
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
        created_by: actor.id,
        cancelled_at: null,
        created_at: now.toISOString(),
      },
      items,
    );
  });
  if (stId === undefined) {
    const row = await findInvoiceRow(ctx.db, id);
    if (!row) throw notFound(INVOICE_WORDING.missing);
    throw row.prefix === 'ST'
      ? conflict('Eine Stornorechnung kann nicht storniert werden.', 'not_cancellable')
      : conflict('Diese Rechnung ist schon storniert.', 'already_cancelled');
  }
  const cancellation = await mustLoad(ctx, stId);
  await tellOwner(
    ctx,
    cancellation,
    `Rechnung ${cancellation.cancels_number ?? ''} storniert`,
    `Stornorechnung ${cancellation.number} über ${formatEuro(cancellation.total_cents)} – tippe, um sie anzusehen.`,
  );
  return cancellation;
}

async function mustLoad(ctx: AppContext, id: number): Promise<Invoice> {
  const invoice = await loadInvoice(ctx.db, id);
  if (!invoice) throw notFound(INVOICE_WORDING.missing);
  return invoice;
}

/** Newest first, optionally one account's (the admin's filter, or the caller's own list). */
export async function listPage(ctx: AppContext, query: PageQuery & { user_id?: number | undefined }): Promise<Page<InvoiceSummary>> {
  return keysetPage(query, byId<InvoiceRow>(), (take, after) => listInvoices(ctx.db, { userId: query.user_id, limit: take, beforeId: after?.id }), toSummary);
}

export const ownInvoices = (ctx: AppContext, actor: Actor, query: PageQuery): Promise<Page<InvoiceSummary>> => listPage(ctx, { ...query, user_id: actor.id });

export const getInvoice = mustLoad;

/** A user's own invoice: missing → 404, another user's (or a deleted account's) → 403. */
export async function getOwnInvoice(ctx: AppContext, actor: Actor, id: number): Promise<Invoice> {
  const row = await findInvoiceRow(ctx.db, id);
  requireOwner(actor, row && { user_id: row.user_id ?? NOBODY }, INVOICE_WORDING);
  return mustLoad(ctx, id);
}

/** The invoices addressed to the user, each in full (items, totals), as `daten/rechnungen.json` (the data export). */
export const invoicesExport: ExportSection = async (ctx, actor, out) => {
  const invoices: Invoice[] = [];
  for (let beforeId: number | undefined; ;) {
    const rows = await listInvoices(ctx.db, { userId: actor.id, limit: 200, beforeId });
    for (const row of rows) invoices.push(await mustLoad(ctx, row.id));
    if (rows.length < 200) break;
    beforeId = rows.at(-1)!.id;
  }
  if (invoices.length) out.json('daten', 'rechnungen.json', invoices);
};
