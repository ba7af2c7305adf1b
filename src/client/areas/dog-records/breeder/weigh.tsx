import { useState } from 'preact/hooks';
import type { LitterDetail } from '../../../api/types.js';
import { api, apiGet } from '../../../core/api.js';
import { todayInBerlin } from '../../../core/format.js';
import type { ScreenProps } from '../../../core/screen.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { Load, useResource } from '../../../ui/states.js';
import { collarColor } from './collar.js';
import { gramsRule, parseGrams } from './grams.js';
import { breederTexts } from './texts.js';

/** One field per puppy, big and numeric, in collar colour; one save for all (phone first: the scale in one hand). */
function WeighForm({ litter }: { litter: LitterDetail }) {
  const [saved, setSaved] = useState(false);
  const initial: Record<string, string> = { date: todayInBerlin() };
  const rules: Record<string, { check: (v: string) => string | null }> = {};
  for (const p of litter.puppies) {
    initial[`p${p.id}`] = '';
    rules[`p${p.id}`] = { check: gramsRule };
  }
  const form = useForm(initial, { rules });
  const submit = form.onSubmit(async (v) => {
    setSaved(false);
    const weights = litter.puppies.filter((p) => v[`p${p.id}`]).map((p) => ({ puppy_id: p.id, weight_g: parseGrams(String(v[`p${p.id}`])) }));
    if (weights.length === 0) return;
    await api.POST('/api/litters/{id}/weights', { params: { path: { id: litter.id } }, body: { date: String(v.date), weights } });
    setSaved(true);
  });
  return (
    <form class="form weigh-form" ref={form.formRef} onSubmit={submit} noValidate>
      <FormSummary message={form.summary} />
      <p class="muted">{breederTexts.weighHint}</p>
      <Field form={form} name="date" label={breederTexts.date} type="date" required />
      {litter.puppies.map((p, i) => (
        <div key={p.id} class="weigh-row" style={{ borderLeftColor: collarColor(p.collar_color, i) }}>
          <Field
            form={form}
            name={`p${p.id}`}
            label={`${p.name ?? breederTexts.unnamed(p.collar_color)} (${p.collar_color}), g`}
            inputMode="decimal"
            autoComplete="off"
          />
        </div>
      ))}
      <SubmitButton busy={form.busy} offline={form.offline}>
        {breederTexts.saveWeights}
      </SubmitButton>
      {saved && (
        <p class="notice notice-success" role="status">
          {breederTexts.saved} <a href={`/app/zucht/wurf/${litter.id}`}>{breederTexts.chart}</a>
        </p>
      )}
    </form>
  );
}

/** /app/zucht/wurf/:id/wiegen: the quick weighing of a whole litter. */
export function WeighScreen({ params }: ScreenProps) {
  const id = Number(params.id);
  const [litter, reload] = useResource(Number.isInteger(id) ? apiGet('/api/litters/{id}', { params: { path: { id } } }) : null);
  return (
    <section class="page page-narrow breeder">
      <h1>{breederTexts.weighTitle}</h1>
      <Load resource={litter} onRetry={reload}>
        {(l) => <WeighForm litter={l} />}
      </Load>
    </section>
  );
}
