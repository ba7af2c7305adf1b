import { LIMITS } from '#shared/limits.js';
import { parseCents } from '../../../core/format.js';
import { useState } from 'preact/hooks';
import { api, ApiError } from '../../../core/api.js';
import { offline } from '../../../core/offline-cache.js';
import { useStore } from '../../../core/store.js';
import { t } from '../../../core/texts.js';
import { FormSummary } from '../../../ui/form.js';
import type { AdminUser } from '../../../api/types.js';
import { CustomerPicker } from './customer-picker.js';
import type { InvoiceSummary } from './invoices.js';
import { invoicesTexts } from './texts.js';

interface ItemRow {
  description: string;
  amount: string;
  quantity: string;
}

const EMPTY_ROW: ItemRow = { description: '', amount: '', quantity: '1' };

/** A new invoice: the customer (searched by name or email) and one or more items (description, gross price, quantity). */
export function InvoiceForm({ onCreated }: { onCreated: (invoice: InvoiceSummary) => void }) {
  const [customer, setCustomer] = useState<AdminUser | null>(null);
  const [rows, setRows] = useState<ItemRow[]>([{ ...EMPTY_ROW }]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const isOffline = useStore(offline);

  const setRow = (i: number, patch: Partial<ItemRow>) => setRows((prev) => prev.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const submit = async (event: Event) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!customer) found.user_id = invoicesTexts.invoices.customerMissing;
    rows.forEach((row, i) => {
      if (!row.description.trim()) found[`items.${i}.description`] = t.required;
      if (parseCents(row.amount) === null) found[`items.${i}.amount_cents`] = invoicesTexts.invoices.amountInvalid;
      if (!/^\d+$/.test(row.quantity.trim()) || Number(row.quantity) < 1) found[`items.${i}.quantity`] = t.required;
    });
    setErrors(found);
    if (Object.keys(found).length) {
      setSummary(t.formHasErrors);
      return;
    }
    setBusy(true);
    setSummary(null);
    try {
      const invoice = await api.POST('/api/admin/invoices', {
        body: {
          user_id: customer?.id ?? 0,
          items: rows.map((r) => ({ description: r.description.trim(), amount_cents: parseCents(r.amount) ?? 0, quantity: Number(r.quantity) })),
        },
      });
      setRows([{ ...EMPTY_ROW }]);
      setCustomer(null);
      onCreated(invoice);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setErrors(e.fields);
      setSummary(e.message);
    } finally {
      setBusy(false);
    }
  };

  const err = (key: string) =>
    errors[key] ? (
      <p id={`inv-${key}-error`} class="field-error">
        {errors[key]}
      </p>
    ) : null;
  const described = (key: string) => (errors[key] ? `inv-${key}-error` : undefined);

  return (
    <form class="card form" onSubmit={submit} noValidate aria-labelledby="new-invoice-title">
      <h2 id="new-invoice-title">{invoicesTexts.invoices.newTitle}</h2>
      <FormSummary message={summary} />
      <CustomerPicker chosen={customer} onChoose={setCustomer} error={errors.user_id} />
      {rows.map((row, i) => (
        <fieldset key={i} class="invoice-row">
          <legend>{invoicesTexts.invoices.position(i + 1)}</legend>
          <div class="field">
            <label for={`inv-desc-${i}`}>{invoicesTexts.invoices.description}</label>
            <textarea
              id={`inv-desc-${i}`}
              rows={2}
              maxLength={LIMITS.body}
              value={row.description}
              onInput={(e) => setRow(i, { description: e.currentTarget.value })}
              aria-describedby={described(`items.${i}.description`)}
            />
            {err(`items.${i}.description`)}
          </div>
          <div class="field-row">
            <div class="field">
              <label for={`inv-amount-${i}`}>{invoicesTexts.invoices.amount}</label>
              <input
                id={`inv-amount-${i}`}
                inputMode="decimal"
                value={row.amount}
                onInput={(e) => setRow(i, { amount: e.currentTarget.value })}
                aria-describedby={described(`items.${i}.amount_cents`)}
              />
              {err(`items.${i}.amount_cents`)}
            </div>
            <div class="field">
              <label for={`inv-qty-${i}`}>{invoicesTexts.invoices.quantity}</label>
              <input
                id={`inv-qty-${i}`}
                inputMode="numeric"
                value={row.quantity}
                onInput={(e) => setRow(i, { quantity: e.currentTarget.value })}
                aria-describedby={described(`items.${i}.quantity`)}
              />
              {err(`items.${i}.quantity`)}
            </div>
          </div>
          {rows.length > 1 && (
            <button type="button" class="button button-ghost button-small" onClick={() => setRows((prev) => prev.filter((_, j) => j !== i))}>
              {invoicesTexts.invoices.removeRow(i + 1)}
            </button>
          )}
        </fieldset>
      ))}
      <div class="actions actions-start">
        <button type="button" class="button button-secondary" onClick={() => setRows((prev) => [...prev, { ...EMPTY_ROW }])}>
          {invoicesTexts.invoices.addRow}
        </button>
        <button type="submit" class="button" disabled={busy || isOffline}>
          {busy ? t.saving : invoicesTexts.invoices.create}
        </button>
      </div>
    </form>
  );
}
