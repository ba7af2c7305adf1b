import type { Generated } from 'kysely';

export interface InvoiceCountersTable {
  /** RG (invoice) or ST (cancellation invoice). */
  prefix: string;
  last: number;
}

export interface InvoicesTable {
  id: Generated<number>;
  number: string;
  prefix: string;
  seq: number;
  /** NULL once the account is deleted; the billing snapshot below keeps the invoice complete. */
  user_id: number | null;
  cancels_invoice_id: number | null;
  status: Generated<string>; // issued | cancelled
  issue_date: string;
  billing_name: string;
  billing_email: string;
  billing_address: string | null;
  issuer_name: string;
  issuer_address: string;
  issuer_vat_id: string | null;
  vat_rate_percent: number;
  net_cents: number;
  vat_cents: number;
  total_cents: number;
  note: string | null;
  created_by: number | null;
  /** Stamped by the retention job once the account is gone; the 10 years count from here. */
  user_deleted_at: string | null;
  cancelled_at: string | null;
  created_at: string;
}

export interface InvoiceItemsTable {
  id: Generated<number>;
  invoice_id: number;
  position: number;
  description: string;
  quantity: number;
  amount_cents: number;
  line_total_cents: number;
}

export interface InvoicesTables {
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  invoice_items: InvoiceItemsTable;
}
