import { useState } from 'preact/hooks';
import { api } from '../../../core/api.js';
import { navigate } from '../../../core/router.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { PinField, usePin } from './pin-field.js';
import { nx } from './texts.js';

/** The place types the app offers (the API accepts any lower-case word; statistics count each). */
const TYPES: [string, string][] = [
  ['tierarzt', 'Tierarzt'],
  ['hundesalon', 'Hundesalon'],
  ['hundewiese', 'Hundewiese'],
  ['hundeschule', 'Hundeschule'],
  ['trinkwasser', 'Trinkwasser'],
  ['restaurant', 'Restaurant'],
  ['cafe', 'Café'],
  ['hotel', 'Hotel'],
  ['laden', 'Laden'],
  ['sonstiges', 'Sonstiges'],
];

/** /app/karte/ort-neu: a place of one's own with one or more types, private unless shared. */
export function PlaceCreateScreen() {
  const p = usePin();
  const [types, setTypes] = useState<string[]>([]);
  const [typesError, setTypesError] = useState<string | null>(null);
  const form = useForm({ name: '', description: '', public: false }, { rules: { name: { required: true, maxLength: 200 }, description: { maxLength: 2000 } } });
  const submit = form.onSubmit(async (v) => {
    if (types.length === 0) {
      setTypesError(nx.placeTypesMissing);
      return;
    }
    const pos = p.take(form);
    if (!pos) return;
    await api.post('/api/places', { ...pos, name: v.name.trim(), types, description: v.description.trim() || null, public: v.public });
    navigate(`/app/karte?lat=${pos.lat}&lon=${pos.lon}`);
  });
  return (
    <section class="page page-narrow nearby">
      <h1>{nx.placeNew}</h1>
      <form class="form card" ref={form.formRef} onSubmit={submit} noValidate>
        <FormSummary message={form.summary} />
        <Field form={form} name="name" label={nx.placeName} required maxLength={200} />
        <fieldset class="kind-filter" aria-describedby={typesError ? 'place-types-error' : undefined}>
          <legend>{nx.placeTypes}</legend>
          {TYPES.map(([value, label]) => (
            <label key={value} class="chip">
              <input
                type="checkbox"
                checked={types.includes(value)}
                onChange={(e) => {
                  const on = (e.currentTarget as HTMLInputElement).checked;
                  setTypesError(null);
                  setTypes((prev) => (on ? [...prev, value] : prev.filter((t) => t !== value)));
                }}
              />{' '}
              {label}
            </label>
          ))}
          {typesError && (
            <p id="place-types-error" class="field-error">
              {typesError}
            </p>
          )}
        </fieldset>
        <Field form={form} name="description" label={nx.description} multiline rows={3} maxLength={2000} />
        <Field form={form} name="public" type="checkbox" label={nx.placePublic} hint={nx.placePublicHint} />
        <PinField p={p} />
        <SubmitButton busy={form.busy} offline={form.offline}>
          {nx.placeSave}
        </SubmitButton>
      </form>
    </section>
  );
}
