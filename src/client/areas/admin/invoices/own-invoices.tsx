import { apiGet, apiHref } from '../../../core/api.js';
import type { InvoiceSummary } from '../../../api/types.js';
import { formatDate, formatMoney } from '../../../core/format.js';
import { DataTable } from '../../../ui/data-table.js';
import { MoreButton, usePagedList } from '../../../ui/paged-list.js';
import { Load } from '../../../ui/states.js';
import { ownInvoicesTexts } from './texts.js';

function statusText(invoice: InvoiceSummary): string {
  if (invoice.prefix === 'ST') return ownInvoicesTexts.cancellation;
  return invoice.status === 'cancelled' ? ownInvoicesTexts.cancelled : ownInvoicesTexts.valid;
}

/**
 * /app/profil/rechnungen: the user's own invoices and cancellations, newest first, in pages; each opens as the same
 * document the admin sees (the print page, saved as PDF from the browser).
 */
export function OwnInvoicesScreen() {
  const list = usePagedList<InvoiceSummary>(apiGet('/api/me/invoices', { params: { query: { limit: 20 } } }));
  return (
    <section class="page page-narrow">
      <p>
        <a href="/app/profil">{ownInvoicesTexts.back}</a>
      </p>
      <h1>{ownInvoicesTexts.title}</h1>
      <p class="muted">{ownInvoicesTexts.intro}</p>
      <Load resource={list.resource} onRetry={list.reload}>
        {(invoices) => (
          <DataTable
            caption={ownInvoicesTexts.title}
            rows={invoices}
            rowKey={(inv) => inv.id}
            rowData={(inv) => ({ 'data-number': inv.number })}
            emptyTitle={ownInvoicesTexts.empty}
            columns={[
              { header: ownInvoicesTexts.number, cell: (inv) => <code>{inv.number}</code> },
              { header: ownInvoicesTexts.date, cell: (inv) => formatDate(inv.issue_date) },
              { header: ownInvoicesTexts.total, numeric: true, cell: (inv) => formatMoney(inv.total_cents) },
              { header: ownInvoicesTexts.status, cell: statusText },
              {
                header: ownInvoicesTexts.open,
                hideHeader: true,
                class: 'row-actions',
                cell: (inv) => (
                  <a
                    href={apiHref('/api/me/invoices/{id}/print', { params: { path: { id: inv.id } } })}
                    target="_blank"
                    rel="noopener"
                    aria-label={`${ownInvoicesTexts.open}: ${inv.number}`}
                  >
                    {ownInvoicesTexts.open}
                  </a>
                ),
              },
            ]}
          />
        )}
      </Load>
      <MoreButton list={list} />
    </section>
  );
}
