import { useState } from 'preact/hooks';
import { api } from '../../../core/api.js';
import type { RecordableDuty } from './duties.js';
import { parseCents } from '../../../core/format.js';
import { t } from '../../../core/texts.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import type { DutyItem } from './duties.js';
import { dutiesTexts } from './texts.js';

const text = (v: string) => (v.trim() ? v.trim() : null);
const f = dutiesTexts.fields;

/** What the owner has for one duty (PUT replaces it): provider, number, amount, due and renewal dates, notes. */
export function DutyForm({ dogId, item, onSaved }: { dogId: number; item: DutyItem; onSaved: () => void }) {
  const [saved, setSaved] = useState(false);
  const r = item.record;
  const form = useForm(
    {
      provider: r?.provider ?? '',
      number: r?.number ?? '',
      amount: r?.amount_cents != null ? (r.amount_cents / 100).toFixed(2).replace('.', ',') : '',
      due_on: r?.due_on ?? '',
      renews_on: r?.renews_on ?? '',
      notes: r?.notes ?? '',
    },
    { rules: { provider: { maxLength: 200 }, number: { maxLength: 200 }, notes: { maxLength: 5000 } } },
  );
  const submit = form.onSubmit(async (v) => {
    setSaved(false);
    await api.PUT('/api/dogs/{dogId}/duties/{code}', {
      params: { path: { dogId, code: item.code as RecordableDuty } },
      body: {
        provider: text(v.provider),
        number: text(v.number),
        amount_cents: v.amount.trim() ? parseCents(v.amount) : null,
        due_on: v.due_on || null,
        renews_on: v.renews_on || null,
        notes: text(v.notes),
      },
    });
    setSaved(true);
    onSaved();
  });
  const code = item.code;
  const listId = code === 'registry' ? `registries-${dogId}` : undefined;
  return (
    <form class="form" ref={form.formRef} onSubmit={submit} noValidate aria-label={dutiesTexts.edit(item.title)}>
      <FormSummary message={form.summary} />
      <Field form={form} name="provider" label={f.provider[code] ?? f.providerFallback} maxLength={200} list={listId} />
      {listId && (
        <datalist id={listId}>
          {dutiesTexts.registries.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      )}
      <Field form={form} name="number" label={f.number[code] ?? f.numberFallback} maxLength={200} />
      {(code === 'dog_tax' || code === 'liability_insurance') && (
        <div class="field-row">
          <Field form={form} name="amount" label={f.amount} inputMode="decimal" />
          <Field form={form} name="due_on" label={f.due} type="date" />
        </div>
      )}
      {code === 'liability_insurance' && <Field form={form} name="renews_on" label={f.renews} type="date" />}
      <Field form={form} name="notes" label={f.notes} multiline maxLength={5000} />
      {saved && (
        <p class="notice notice-success" role="status">
          {dutiesTexts.saved}
        </p>
      )}
      <SubmitButton busy={form.busy} offline={form.offline} busyLabel={t.saving}>
        {dutiesTexts.save}
      </SubmitButton>
    </form>
  );
}
