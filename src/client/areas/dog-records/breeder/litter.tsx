import { LIMITS } from '#shared/limits.js';
import { useState } from 'preact/hooks';
import type { LitterWeights, Puppy } from '../../../api/types.js';
import { api, apiGet, apiHref } from '../../../core/api.js';
import { formatDate } from '../../../core/format.js';
import { navigate } from '../../../core/router.js';
import type { ScreenProps } from '../../../core/screen.js';
import { DeleteButton } from '../../../ui/confirm-delete.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { Load, useResource } from '../../../ui/states.js';
import { collarColor } from './collar.js';
import { daysUntil } from './dates.js';
import { GrowthChart } from './growth-chart.js';
import { gramsRule, parseGrams } from './grams.js';
import { breederTexts } from './texts.js';

function PuppyForm({ litterId, onDone }: { litterId: number; onDone: () => void }) {
  const form = useForm(
    { name: '', collar: '', sex: 'female', birth_weight: '' },
    { rules: { name: { maxLength: LIMITS.dogName }, collar: { required: true, maxLength: 40 }, birth_weight: { check: gramsRule } } },
  );
  const submit = form.onSubmit(async (v) => {
    await api.POST('/api/litters/{id}/puppies', {
      params: { path: { id: litterId } },
      body: {
        name: v.name.trim() || null,
        collar_color: v.collar.trim(),
        sex: v.sex as 'male' | 'female',
        birth_weight_g: v.birth_weight ? parseGrams(v.birth_weight) : null,
      },
    });
    form.setValues({ name: '', collar: '', sex: v.sex, birth_weight: '' });
    onDone();
  });
  return (
    <form class="form record-form" ref={form.formRef} onSubmit={submit} noValidate aria-label={breederTexts.addPuppy}>
      <FormSummary message={form.summary} />
      <Field form={form} name="collar" label={breederTexts.collar} required maxLength={40} />
      <Field form={form} name="sex" label={breederTexts.sex} options={Object.entries(breederTexts.sexes).map(([value, label]) => ({ value, label }))} />
      <Field form={form} name="name" label={breederTexts.name} maxLength={LIMITS.dogName} />
      <Field form={form} name="birth_weight" label={breederTexts.birthWeight} inputMode="decimal" />
      <SubmitButton busy={form.busy} offline={form.offline}>
        {breederTexts.addPuppy}
      </SubmitButton>
    </form>
  );
}

/** What the buyer's puppy pass needs: chip, buyer, handover, vaccinations and deworming (PATCH /api/puppies/:id). */
function PuppyDetailsForm({ puppy, onDone }: { puppy: Puppy; onDone: () => void }) {
  const form = useForm(
    {
      chip_number: puppy.chip_number ?? '',
      buyer_name: puppy.buyer_name ?? '',
      buyer_contact: puppy.buyer_contact ?? '',
      handover_date: puppy.handover_date ?? '',
      vaccinations: puppy.vaccinations ?? '',
    },
    {
      rules: {
        chip_number: { maxLength: 30 },
        buyer_name: { maxLength: LIMITS.title },
        buyer_contact: { maxLength: LIMITS.title },
        vaccinations: { maxLength: 2000 },
      },
    },
  );
  const [saved, setSaved] = useState(false);
  const text = (v: string) => v.trim() || null;
  const submit = form.onSubmit(async (v) => {
    setSaved(false);
    await api.PATCH('/api/puppies/{id}', {
      params: { path: { id: puppy.id } },
      body: {
        chip_number: text(v.chip_number),
        buyer_name: text(v.buyer_name),
        buyer_contact: text(v.buyer_contact),
        handover_date: v.handover_date || null,
        vaccinations: text(v.vaccinations),
      },
    });
    setSaved(true);
    onDone();
  });
  const label = puppy.name ?? breederTexts.unnamed(puppy.collar_color);
  return (
    <details class="puppy-details">
      <summary>{breederTexts.details(label)}</summary>
      <form class="form record-form" ref={form.formRef} onSubmit={submit} noValidate aria-label={breederTexts.details(label)}>
        <FormSummary message={form.summary} />
        <Field form={form} name="chip_number" label={breederTexts.chip} maxLength={30} autoComplete="off" />
        <Field form={form} name="vaccinations" label={breederTexts.vaccinations} hint={breederTexts.vaccinationsHint} multiline rows={3} maxLength={2000} />
        <Field form={form} name="buyer_name" label={breederTexts.buyerName} maxLength={LIMITS.title} autoComplete="off" />
        <Field form={form} name="buyer_contact" label={breederTexts.buyerContact} maxLength={LIMITS.title} autoComplete="off" />
        <Field form={form} name="handover_date" label={breederTexts.handoverDate} type="date" />
        <SubmitButton busy={form.busy} offline={form.offline}>
          {breederTexts.saveDetails}
        </SubmitButton>
        {saved && (
          <p class="notice notice-success" role="status">
            {breederTexts.detailsSaved}
          </p>
        )}
      </form>
    </details>
  );
}

function PuppyRow({
  puppy,
  index,
  warnings,
  onChange,
}: {
  puppy: Puppy;
  index: number;
  warnings: LitterWeights['puppies'][number]['warnings'];
  onChange: () => void;
}) {
  return (
    <li>
      <div>
        <span class="legend-swatch" style={{ background: collarColor(puppy.collar_color, index) }} aria-hidden="true" />{' '}
        <strong>{puppy.name ?? breederTexts.unnamed(puppy.collar_color)}</strong> · {breederTexts.sexes[puppy.sex]} · {puppy.collar_color}
        {puppy.birth_weight_g !== null && <span class="muted"> · {breederTexts.grams(puppy.birth_weight_g)}</span>}
        {puppy.buyer_name && (
          <span class="muted">
            {' '}
            · {breederTexts.buyer}: {puppy.buyer_name}
            {puppy.handover_date && `, ${breederTexts.handover} ${formatDate(puppy.handover_date)}`}
          </span>
        )}
        {warnings.map((w) => (
          <p key={w.kind} class="notice notice-error small" role="note">
            {w.message}
          </p>
        ))}
        <PuppyDetailsForm puppy={puppy} onDone={onChange} />
      </div>
      <div class="record-actions">
        <a class="button button-ghost button-small" href={apiHref('/api/puppies/{id}/record.pdf', { params: { path: { id: puppy.id } } })} download>
          {breederTexts.record}
        </a>
      </div>
    </li>
  );
}

function DeleteLitter({ id }: { id: number }) {
  return (
    <DeleteButton
      remove={() => api.DELETE('/api/litters/{id}', { params: { path: { id } } })}
      label={breederTexts.remove}
      title={`${breederTexts.remove}?`}
      confirmLabel={breederTexts.remove}
      onDone={() => navigate('/app/zucht')}
    >
      <p>{breederTexts.removeText}</p>
    </DeleteButton>
  );
}

/** /app/zucht/wurf/:id: the litter, its puppies with warnings, the growth chart, exports and quick weighing. */
export function LitterScreen({ params }: ScreenProps) {
  const id = Number(params.id);
  const [litter, reload] = useResource(Number.isInteger(id) ? apiGet('/api/litters/{id}', { params: { path: { id } } }) : null);
  const [weights, reloadWeights] = useResource(Number.isInteger(id) ? apiGet('/api/litters/{id}/weights', { params: { path: { id } } }) : null);
  const refresh = () => {
    reload();
    reloadWeights();
  };
  return (
    <section class="page page-narrow breeder">
      <h1>{litter.status === 'ready' ? breederTexts.litterOf(litter.data.mother_name) : breederTexts.title}</h1>
      <Load resource={litter} onRetry={reload}>
        {(l) => {
          const w = weights.status === 'ready' ? weights.data : null;
          return (
            <>
              <p class="big-number">
                {l.birth_date
                  ? breederTexts.born(formatDate(l.birth_date))
                  : l.expected_birth_date
                    ? `${breederTexts.expected(formatDate(l.expected_birth_date))} · ${breederTexts.countdown(daysUntil(l.expected_birth_date))}`
                    : ''}
              </p>
              <p class="link-row">
                {l.puppies.length > 0 && (
                  <a class="button" href={`/app/zucht/wurf/${l.id}/wiegen`}>
                    {breederTexts.weigh}
                  </a>
                )}
                <a href={apiHref('/api/litters/{id}/export.csv', { params: { path: { id: l.id } } })} download>
                  {breederTexts.csv}
                </a>
                <a href={`/app/hunde/${l.mother_dog_id}/laeufigkeit`}>{breederTexts.toHeat}</a>
              </p>
              {w && w.puppies.some((p) => p.weights.length > 0) && (
                <section class="card" aria-labelledby="h-growth">
                  <h2 id="h-growth">{breederTexts.chart}</h2>
                  <GrowthChart data={w} />
                </section>
              )}
              <section class="card record-section" aria-labelledby="h-puppies">
                <h2 id="h-puppies">
                  {breederTexts.puppyList} ({l.puppies.length})
                </h2>
                <ul class="record-list">
                  {l.puppies.map((p, i) => (
                    <PuppyRow key={p.id} puppy={p} index={i} warnings={w?.puppies.find((s) => s.puppy_id === p.id)?.warnings ?? []} onChange={refresh} />
                  ))}
                </ul>
                <PuppyForm litterId={l.id} onDone={refresh} />
              </section>
              <DeleteLitter id={l.id} />
            </>
          );
        }}
      </Load>
    </section>
  );
}
