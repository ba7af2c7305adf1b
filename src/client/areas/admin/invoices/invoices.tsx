import type { InvoiceSummary } from '../../../api/types.js';
import { useState } from 'preact/hooks';
import { api, apiGet, apiHref } from '../../../core/api.js';
import { formatDate, formatMoney } from '../../../core/format.js';
import { ConfirmDialog } from '../../../ui/confirm-dialog.js';
import { DataTable } from '../../../ui/data-table.js';
import { MoreButton, usePagedList } from '../../../ui/paged-list.js';
import { useBusyAction } from '../../../ui/busy-action.js';
import { Load } from '../../../ui/states.js';
import { AdminFrame } from '../../../ui/admin-frame.js';
import { InvoiceForm } from './invoice-form.js';
import { invoicesTexts } from './texts.js';

export type { InvoiceSummary } from '../../../api/types.js';

function statusText(invoice: InvoiceSummary): string {
  if (invoice.prefix === 'ST') return invoicesTexts.invoices.cancellation;
  return invoice.status === 'cancelled' ? invoicesTexts.invoices.cancelled : invoicesTexts.invoices.valid;
}

export function InvoicesScreen() {
  const list = usePagedList<InvoiceSummary>(apiGet('/api/admin/invoices', { params: { query: { limit: 50 } } }));
  const [note, setNote] = useState<string | null>(null);
  const [target, setTarget] = useState<InvoiceSummary | null>(null);
  const { busy, error, run } = useBusyAction();

  const cancel = async () => {
    if (!target) return;
    await run(async () => {
      const storno = await api.POST('/api/admin/invoices/{id}/cancel', { params: { path: { id: target.id } }, body: {} });
      setNote(invoicesTexts.invoices.cancelDone(storno.number));
      setTarget(null);
      list.reload();
    });
  };

  return (
    <AdminFrame title={invoicesTexts.invoices.title}>
      <InvoiceForm
        onCreated={(invoice) => {
          setNote(invoicesTexts.invoices.created(invoice.number));
          list.reload();
        }}
      />
      {note && (
        <p class="notice notice-success" role="status">
          {note}
        </p>
      )}
      <Load resource={list.resource} onRetry={list.reload}>
        {(invoices) => (
          <DataTable
            caption={invoicesTexts.invoices.title}
            rows={invoices}
            rowKey={(inv) => inv.id}
            rowData={(inv) => ({ 'data-number': inv.number })}
            emptyTitle={invoicesTexts.invoices.emptyTitle}
            columns={[
              { header: invoicesTexts.invoices.number, cell: (inv) => <code>{inv.number}</code> },
              { header: invoicesTexts.invoices.date, cell: (inv) => formatDate(inv.issue_date) },
              {
                header: invoicesTexts.invoices.customer,
                cell: (inv) => (
                  <>
                    {inv.billing_name}
                    <div class="hint">{inv.billing_email}</div>
                  </>
                ),
              },
              { header: invoicesTexts.invoices.total, numeric: true, cell: (inv) => formatMoney(inv.total_cents) },
              { header: invoicesTexts.invoices.status, cell: statusText },
              {
                header: invoicesTexts.invoices.actions,
                hideHeader: true,
                class: 'row-actions',
                cell: (inv) => (
                  <>
                    <a
                      href={apiHref('/api/admin/invoices/{id}/print', { params: { path: { id: inv.id } } })}
                      target="_blank"
                      rel="noopener"
                      aria-label={`${invoicesTexts.invoices.view}: ${inv.number}`}
                    >
                      {invoicesTexts.invoices.view}
                    </a>
                    {inv.prefix === 'RG' && inv.status === 'issued' && (
                      <button
                        type="button"
                        class="button button-ghost button-small"
                        onClick={() => setTarget(inv)}
                        aria-label={`${invoicesTexts.invoices.cancel}: ${inv.number}`}
                      >
                        {invoicesTexts.invoices.cancel}
                      </button>
                    )}
                  </>
                ),
              },
            ]}
          />
        )}
      </Load>
      <MoreButton list={list} />
      <ConfirmDialog
        open={target !== null}
        title={target ? invoicesTexts.invoices.cancelTitle(target.number) : ''}
        confirmLabel={invoicesTexts.invoices.cancel}
        busy={busy}
        error={error}
        onConfirm={cancel}
        onCancel={() => setTarget(null)}
      >
        <p>{invoicesTexts.invoices.cancelText}</p>
      </ConfirmDialog>
    </AdminFrame>
  );
}
