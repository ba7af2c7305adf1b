import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError } from '../../core/api.js';
import { clearResponses } from '../../core/offline-cache.js';
import { t } from '../../core/texts.js';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import { Field, FormSummary, SubmitButton, useForm, type Rule } from '../../ui/form.js';
import { MoreButton, usePagedList } from '../../ui/paged-list.js';
import { Load } from '../../ui/states.js';
import { hx } from './texts.js';

/** One input of a record form. */
export interface FieldDef {
  name: string;
  label: string;
  type?: 'text' | 'date' | 'decimal' | 'select' | 'textarea';
  required?: boolean;
  max?: number;
  options?: { value: string; label: string }[];
  check?: (value: string, values: Record<string, string>) => string | null;
}

/**
 * A health section on the per-dog record pattern: the list (newest first, "Mehr laden") and an add form built
 * from field definitions, with the client's checks and the server's field messages on the inputs.
 */
export interface SectionDef<T extends { id: number }> {
  key: string;
  title: string;
  /** The kind's URL segment: /api/dogs/{dogId}/<path>, /api/<path>/{id}. */
  path: string;
  fields: FieldDef[];
  toBody: (values: Record<string, string>) => Record<string, unknown>;
  render: (item: T) => ComponentChildren;
  label: (item: T) => string;
  /** Whether this person may add (caregivers may add weights only). */
  canAdd: boolean;
  canRemove: boolean;
  /** Shown above the list (the weight curve). */
  extra?: (items: T[]) => ComponentChildren;
  /** Page size: the weight curve wants more points at once. */
  limit?: number;
}

function AddForm({ def, dogId, onAdded }: { def: SectionDef<{ id: number }>; dogId: number; onAdded: () => void }) {
  const initial = Object.fromEntries(def.fields.map((f) => [f.name, ''])) as Record<string, string>;
  const rules: Record<string, Rule> = {};
  const form = useForm(initial, { rules });
  for (const f of def.fields) rules[f.name] = { required: f.required, maxLength: f.max, check: f.check ? (v) => f.check?.(v, form.values as Record<string, string>) ?? null : undefined };
  // The form appears where the button was: the first field takes the focus.
  useEffect(() => form.formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus(), []);
  const submit = form.onSubmit(async (values) => {
    await api.post(`/api/dogs/${dogId}/${def.path}`, def.toBody(values as Record<string, string>));
    clearResponses(`/api/dogs/${dogId}/${def.path}`);
    onAdded();
  });
  return (
    <form class="form record-form" ref={form.formRef} onSubmit={submit} noValidate aria-label={`${def.title}: ${hx.add}`}>
      <FormSummary message={form.summary} />
      {def.fields.map((f) => (
        <Field
          key={f.name}
          form={form}
          name={f.name}
          label={`${f.label}`}
          required={f.required}
          maxLength={f.max}
          type={f.type === 'date' ? 'date' : 'text'}
          inputMode={f.type === 'decimal' ? 'decimal' : undefined}
          multiline={f.type === 'textarea'}
          rows={3}
          options={f.type === 'select' ? f.options : undefined}
          autoComplete="off"
        />
      ))}
      <SubmitButton busy={form.busy} offline={form.offline} busyLabel={hx.adding}>
        {hx.add}
      </SubmitButton>
    </form>
  );
}

function RemoveButton({ label, path, onRemoved }: { label: string; path: string; onRemoved: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button type="button" class="button button-ghost button-small" onClick={() => setOpen(true)} aria-label={`${label}: ${hx.remove}`}>
        {hx.remove}
      </button>
      <ConfirmDialog
        open={open}
        title={hx.removeTitle(label)}
        confirmLabel={t.delete}
        busy={busy}
        error={error}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            await api.del(path);
            setOpen(false);
            onRemoved();
          } catch (e) {
            setError(e instanceof ApiError ? e.message : String(e));
          } finally {
            setBusy(false);
          }
        }}
      >
        <p>{hx.removeText}</p>
      </ConfirmDialog>
    </>
  );
}

export function RecordSection<T extends { id: number }>({ def, dogId }: { def: SectionDef<T>; dogId: number }) {
  const list = usePagedList<T>(`/api/dogs/${dogId}/${def.path}?limit=${def.limit ?? 20}`);
  const [adding, setAdding] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const headingId = `h-${def.key}`;
  return (
    <section class="card health-section" id={def.key} aria-labelledby={headingId}>
      <h2 id={headingId}>{def.title}</h2>
      <Load resource={list.resource} onRetry={list.reload}>
        {(items) => (
          <>
            {def.extra?.(items)}
            {items.length === 0 ? (
              <p class="muted">{hx.none}</p>
            ) : (
              <ul class="record-list">
                {items.map((item) => (
                  <li key={item.id}>
                    <div>{def.render(item)}</div>
                    {def.canRemove && <RemoveButton label={def.label(item)} path={`/api/${def.path}/${item.id}`} onRemoved={() => { clearResponses(`/api/dogs/${dogId}/${def.path}`); list.reload(); }} />}
                  </li>
                ))}
              </ul>
            )}
            <MoreButton list={list} />
          </>
        )}
      </Load>
      {def.canAdd &&
        (adding ? (
          <AddForm
            key={formKey}
            def={def as unknown as SectionDef<{ id: number }>}
            dogId={dogId}
            onAdded={() => {
              setFormKey((k) => k + 1);
              list.reload();
            }}
          />
        ) : (
          <button type="button" class="button button-secondary" onClick={() => setAdding(true)}>
            {def.title}: {hx.add}
          </button>
        ))}
    </section>
  );
}
