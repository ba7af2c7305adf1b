import { z } from 'zod';
import { PageQuery } from '#core/http/route/pagination.js';
import { Id, LIMITS } from '#core/http/route/schema-kit.js';

const Cents = z.number().int().min(-100_000_000).max(100_000_000);

export const InvoiceItemInput = z.strictObject({
  // Spec, Limits: every description takes 10,000 characters (decisions, wave 4), an invoice line's too.
  description: z.string().trim().min(1).max(LIMITS.body),
  amount_cents: Cents.meta({ description: 'Bruttopreis pro Stück in Cent (inkl. USt)' }),
  quantity: z.number().int().min(1).max(1000).default(1),
});

export const CreateInvoiceBody = z
  .strictObject({
    user_id: z.number().int().min(1),
    items: z.array(InvoiceItemInput).min(1).max(50),
    billing_address: z.string().trim().max(500).optional().meta({ description: 'Rechnungsanschrift (mehrzeilig)' }),
    note: z.string().trim().max(2000).optional(),
  })
  .meta({ id: 'CreateInvoiceBody' });
export type CreateInvoiceBody = z.infer<typeof CreateInvoiceBody>;

export const CancelInvoiceBody = z.strictObject({ reason: z.string().trim().max(2000).optional() }).meta({ id: 'CancelInvoiceBody' });

export const InvoiceItem = z.object({
  position: z.number().int(),
  description: z.string(),
  quantity: z.number().int(),
  amount_cents: z.number().int(),
  line_total_cents: z.number().int(),
});

export const InvoiceSummary = z
  .object({
    id: z.number().int(),
    number: z.string().meta({ example: 'RG-000042' }),
    prefix: z.enum(['RG', 'ST']),
    status: z.enum(['issued', 'cancelled']),
    user_id: z.number().int().nullable().meta({ description: 'null, wenn das Konto gelöscht ist' }),
    cancels_invoice_id: z.number().int().nullable(),
    issue_date: z.string(),
    billing_name: z.string(),
    billing_email: z.string(),
    total_cents: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'InvoiceSummary' });
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

export const Invoice = InvoiceSummary.extend({
  billing_address: z.string().nullable(),
  issuer_name: z.string(),
  issuer_address: z.string(),
  issuer_vat_id: z.string().nullable(),
  vat_rate_percent: z.number().int(),
  net_cents: z.number().int(),
  vat_cents: z.number().int(),
  note: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancels_number: z.string().nullable().meta({ description: 'Bei ST-: die stornierte Rechnung' }),
  cancelled_by_number: z.string().nullable().meta({ description: 'Bei storniertem RG-: die Stornorechnung' }),
  items: z.array(InvoiceItem),
}).meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof Invoice>;

export const InvoiceListQuery = PageQuery.extend({ user_id: Id.optional() });
