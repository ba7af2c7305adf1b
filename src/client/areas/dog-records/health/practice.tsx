import { LIMITS } from '#shared/limits.js';
import { useState } from 'preact/hooks';
import { api, apiGet } from '../../../core/api.js';
import { t } from '../../../core/texts.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { useResource } from '../../../ui/states.js';
import type { VetPractice } from './health-api.js';
import { healthTexts } from './texts.js';

const f = healthTexts.fields;
const text = (v: string) => (v.trim() ? v.trim() : null);

/** The dog's vet practice: shown to everyone with access, edited by the owner (PUT replaces it). */
export function PracticeSection({ dogId, canEdit }: { dogId: number; canEdit: boolean }) {
  const [practice, reload] = useResource(apiGet('/api/dogs/{dogId}/vet-practice', { params: { path: { dogId } } }));
  const current = practice.status === 'ready' ? practice.data : null;
  return (
    <section class="card record-section" id="praxis" aria-labelledby="h-praxis">
      <h2 id="h-praxis">{healthTexts.sections.practice}</h2>
      {practice.status === 'loading' ? null : canEdit ? (
        <PracticeForm key={current?.updated_at ?? 'neu'} dogId={dogId} practice={current} onSaved={reload} />
      ) : current ? (
        <p>
          <strong>{current.name}</strong>
          {current.phone && <> · {current.phone}</>}
          {current.emergency_phone && <> · Notfall {current.emergency_phone}</>}
        </p>
      ) : (
        practice.status === 'ready' && <p class="muted">{healthTexts.practiceNone}</p>
      )}
    </section>
  );
}

function PracticeForm({ dogId, practice, onSaved }: { dogId: number; practice: VetPractice | null; onSaved: () => void }) {
  const [saved, setSaved] = useState(false);
  const form = useForm(
    {
      name: practice?.name ?? '',
      phone: practice?.phone ?? '',
      emergency_phone: practice?.emergency_phone ?? '',
      email: practice?.email ?? '',
      address: practice?.address ?? '',
      website: practice?.website ?? '',
    },
    {
      rules: {
        name: { required: true, maxLength: LIMITS.title },
        phone: { maxLength: 50 },
        emergency_phone: { maxLength: 50 },
        email: { email: true, maxLength: LIMITS.email },
        address: { maxLength: 500 },
        website: { maxLength: LIMITS.url },
      },
    },
  );
  const submit = form.onSubmit(async (v) => {
    setSaved(false);
    const body = {
      name: v.name.trim(),
      phone: text(v.phone),
      emergency_phone: text(v.emergency_phone),
      email: text(v.email),
      address: text(v.address),
      website: text(v.website),
    };
    await api.PUT('/api/dogs/{dogId}/vet-practice', { params: { path: { dogId } }, body });
    setSaved(true);
    onSaved();
  });
  return (
    <form class="form" ref={form.formRef} onSubmit={submit} noValidate aria-label={healthTexts.sections.practice}>
      <FormSummary message={form.summary} />
      {!practice && <p class="muted">{healthTexts.practiceNone}</p>}
      <Field form={form} name="name" label={f.practiceName} required maxLength={LIMITS.title} autoComplete="organization" />
      <div class="field-row">
        <Field form={form} name="phone" label={f.phone} type="tel" maxLength={50} autoComplete="tel" />
        <Field form={form} name="emergency_phone" label={f.emergencyPhone} type="tel" maxLength={50} />
      </div>
      <Field form={form} name="email" label={f.email} type="email" maxLength={LIMITS.email} />
      <Field form={form} name="address" label={f.address} maxLength={500} autoComplete="street-address" />
      <Field form={form} name="website" label={f.website} type="url" maxLength={LIMITS.url} />
      {saved && (
        <p class="notice notice-success" role="status">
          {healthTexts.practiceSaved}
        </p>
      )}
      <SubmitButton busy={form.busy} offline={form.offline} busyLabel={t.saving}>
        {t.save}
      </SubmitButton>
    </form>
  );
}
