import type { Invoice } from './invoices.schemas.js';
import { formatDate, formatEuro } from './invoice-money.js';

/**
 * "Printable" means: one self-contained HTML page (views/invoice.ejs) with A4 print styles and no app chrome,
 * which the browser prints or saves as PDF. Every value is formatted here and escaped by EJS (<%= %>).
 */
export function invoiceViewModel(invoice: Invoice) {
  const isCancellation = invoice.prefix === 'ST';
  const reference = isCancellation
    ? `Stornorechnung zur Rechnung ${invoice.cancels_number ?? ''}. Die Beträge der Originalrechnung werden vollständig gutgeschrieben.`
    : invoice.cancelled_by_number
      ? `Diese Rechnung wurde durch die Stornorechnung ${invoice.cancelled_by_number} storniert.`
      : null;
  return {
    kind: isCancellation ? 'Stornorechnung' : 'Rechnung',
    number: invoice.number,
    issueDate: formatDate(invoice.issue_date),
    issuer: { name: invoice.issuer_name, address: invoice.issuer_address, vatId: invoice.issuer_vat_id },
    billing: { name: invoice.billing_name, email: invoice.billing_email, address: invoice.billing_address },
    reference,
    items: invoice.items.map((item) => ({
      position: item.position,
      description: item.description,
      quantity: item.quantity,
      unit: formatEuro(item.amount_cents),
      total: formatEuro(item.line_total_cents),
    })),
    smallBusiness: invoice.vat_rate_percent === 0,
    vatRate: invoice.vat_rate_percent,
    net: formatEuro(invoice.net_cents),
    vat: formatEuro(invoice.vat_cents),
    total: formatEuro(invoice.total_cents),
    note: invoice.note,
  };
}
