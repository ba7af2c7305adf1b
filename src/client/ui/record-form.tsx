import { useEffect, useState } from 'preact/hooks';
import { ApiError, send, urlOf } from '../core/api.js';
import { clearResponses } from '../core/offline-cache.js';
import { submitWrite } from '../core/offline-queue.js';
import { t } from '../core/texts.js';
import { Field, FormSummary, SubmitButton, useForm, type Rule } from './form.js';
import { queueTexts } from './pending-writes.js';
import type { SectionDef } from './record-section.js';

// The add and edit form of a record section (record-section.tsx), with the record texts both use.

/** The record texts every area shares. */
export const recordTexts = {
  add: 'Hinzufügen',
  adding: 'Speichert …',
  none: 'Noch nichts eingetragen.',
  showMore: 'Mehr anzeigen',
  remove: 'Entfernen',
  removeTitle: (what: string) => `„${what}“ entfernen?`,
  removeText: 'Das lässt sich nicht rückgängig machen.',
};

/** The form's starting values: the item's fields as text (decimals with a comma), or the section's own mapping. */
function valuesOf(def: SectionDef<{ id: number }>, item: Record<string, unknown> | null): Record<string, string> {
  if (def.toValues && item) return def.toValues(item);
  return Object.fromEntries(
    def.fields.map((f) => {
      const v = item?.[f.name];
      return [f.name, v === null || v === undefined ? '' : f.type === 'decimal' ? String(v).replace('.', ',') : String(v)];
    }),
  );
}

/**
 * The add form, or the edit form of one item (PATCH). Input names carry the section and item ("impfungen-12-date")
 * so several open forms never share an id; server field messages are mapped back onto them.
 */
export function RecordForm({
  def,
  dogId,
  item,
  onDone,
}: {
  def: SectionDef<{ id: number }>;
  dogId: number;
  item: ({ id: number } & Record<string, unknown>) | null;
  onDone: () => void;
}) {
  const prefix = item ? `${def.key}-${item.id}-` : `${def.key}-`;
  const plain = valuesOf(def, item);
  const initial = Object.fromEntries(def.fields.map((f) => [prefix + f.name, plain[f.name] ?? ''])) as Record<string, string>;
  const strip = (values: Record<string, string | boolean>) => Object.fromEntries(def.fields.map((f) => [f.name, String(values[prefix + f.name] ?? '')]));
  const rules: Record<string, Rule> = {};
  const form = useForm(initial, { rules });
  for (const f of def.fields)
    rules[prefix + f.name] = {
      required: f.required,
      maxLength: f.max,
      checkEmpty: f.checkEmpty,
      check: f.check ? (v) => f.check?.(v, strip(form.values)) ?? null : undefined,
    };
  // The form appears where the button was: the first field takes the focus.
  useEffect(() => form.formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus(), []);
  const [queued, setQueued] = useState(false);
  const queue = item ? undefined : def.queue;
  const submit = form.onSubmit(async (values) => {
    const body = def.toBody(strip(values));
    setQueued(false);
    try {
      if (item) await send('patch', `/api/${def.path}/{id}`, { params: { path: { id: item.id } }, body });
      else if (queue) {
        const result = await submitWrite({
          kind: queue.kind,
          dogId,
          path: `/api/dogs/{dogId}/${def.path}` as const,
          init: { params: { path: { dogId } }, body: body as never },
          label: queue.label(body),
        });
        if (result.queued) {
          form.setValues(initial);
          setQueued(true);
          return;
        }
      } else await send('post', `/api/dogs/{dogId}/${def.path}`, { params: { path: { dogId } }, body });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const fields = Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [def.fields.some((f) => f.name === k) ? prefix + k : k, v]));
      throw new ApiError(e.status, e.code, e.message, fields, e.retryAfterSeconds);
    }
    clearResponses(urlOf(`/api/dogs/{dogId}/${def.path}`, { params: { path: { dogId } } }));
    def.onChange?.();
    onDone();
  });
  const action = item ? t.save : recordTexts.add;
  return (
    <form
      class="form record-form"
      ref={form.formRef}
      onSubmit={submit}
      noValidate
      aria-label={item ? `${def.label(item)}: ${t.edit}` : `${def.title}: ${recordTexts.add}`}
    >
      <FormSummary message={form.summary} />
      {def.fields.map((f) => (
        <Field
          key={f.name}
          form={form}
          name={prefix + f.name}
          label={f.label}
          required={f.required}
          maxLength={f.max}
          type={f.type === 'date' || f.type === 'time' ? f.type : 'text'}
          inputMode={f.type === 'decimal' ? 'decimal' : undefined}
          multiline={f.type === 'textarea'}
          rows={3}
          options={f.type === 'select' ? f.options : undefined}
          autoComplete="off"
        />
      ))}
      <SubmitButton busy={form.busy} offline={queue ? false : form.offline} busyLabel={recordTexts.adding}>
        {action}
      </SubmitButton>
      {queue && form.offline && <p class="hint">{queueTexts.offlineHint}</p>}
      {queued && <p role="status">{queueTexts.queuedNotice}</p>}
    </form>
  );
}
