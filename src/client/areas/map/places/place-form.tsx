import { LIMITS } from '#shared/limits.js';
import { useState } from 'preact/hooks';
import { api, apiGet } from '../../../core/api.js';
import { navigate } from '../../../core/router.js';
import type { ScreenProps } from '../../../core/screen.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { AuthorOnly } from '../../../ui/map/author-only.js';
import { useResource } from '../../../ui/states.js';
import { DeleteItem } from '../../../ui/map/item-parts.js';
import { PinField, usePin } from '../../../ui/map/pin-field.js';
import { placesTexts } from './texts.js';

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

interface PlaceValues {
  name: string;
  description: string;
  public: boolean;
  types: string[];
  lat: number;
  lon: number;
}

/** The place form, new or changed: name, types, description, shared or not, and the pin. */
function PlaceForm({ initial, submitLabel, onSave }: { initial?: PlaceValues; submitLabel: string; onSave: (body: PlaceValues) => Promise<void> }) {
  const p = usePin(initial ? { lat: initial.lat, lon: initial.lon } : null);
  const [types, setTypes] = useState<string[]>(initial?.types ?? []);
  const [typesError, setTypesError] = useState<string | null>(null);
  const form = useForm(
    { name: initial?.name ?? '', description: initial?.description ?? '', public: initial?.public ?? false },
    { rules: { name: { required: true, maxLength: LIMITS.title }, description: { maxLength: LIMITS.body } } },
  );
  const submit = form.onSubmit(async (v) => {
    if (types.length === 0) {
      setTypesError(placesTexts.placeTypesMissing);
      return;
    }
    const pos = p.take(form);
    if (!pos) return;
    await onSave({ ...pos, name: v.name.trim(), types, description: v.description.trim(), public: v.public });
  });
  // Types of an older place that the app no longer offers stay selectable, so a change does not drop them.
  const offered = [...TYPES, ...types.filter((t) => !TYPES.some(([v]) => v === t)).map((t): [string, string] => [t, t])];
  return (
    <form class="form card" ref={form.formRef} onSubmit={submit} noValidate>
      <FormSummary message={form.summary} />
      <Field form={form} name="name" label={placesTexts.placeName} required maxLength={LIMITS.title} />
      <fieldset class="kind-filter" aria-describedby={typesError ? 'place-types-error' : undefined}>
        <legend>{placesTexts.placeTypes}</legend>
        {offered.map(([value, label]) => (
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
      <Field form={form} name="description" label={placesTexts.description} multiline rows={3} maxLength={LIMITS.body} />
      <Field form={form} name="public" type="checkbox" label={placesTexts.placePublic} hint={placesTexts.placePublicHint} />
      <PinField p={p} />
      <SubmitButton busy={form.busy} offline={form.offline}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

const bodyOf = (v: PlaceValues) => ({ ...v, description: v.description || null });

/** /app/karte/ort-neu: a place of one's own with one or more types, private unless shared. */
export function PlaceCreateScreen() {
  return (
    <section class="page page-narrow nearby">
      <h1>{placesTexts.placeNew}</h1>
      <PlaceForm
        submitLabel={placesTexts.placeSave}
        onSave={async (v) => {
          await api.POST('/api/places', { body: bodyOf(v) });
          navigate(`/app/karte?lat=${v.lat}&lon=${v.lon}`);
        }}
      />
    </section>
  );
}

/** /app/karte/ort/<id>: change one's own place (its pin on the map leads here), or delete it. */
export function PlaceEditScreen({ params }: ScreenProps) {
  const [place, reload] = useResource(apiGet('/api/places/{id}', { params: { path: { id: Number(params.id) } } }));
  return (
    <section class="page page-narrow nearby">
      <h1>{placesTexts.placeEdit}</h1>
      <AuthorOnly resource={place} onRetry={reload}>
        {(pl) => (
          <>
            <PlaceForm
              initial={{ name: pl.name, types: pl.types, description: pl.description ?? '', public: pl.public === 1, lat: pl.lat, lon: pl.lon }}
              submitLabel={placesTexts.saveChanges}
              onSave={async (v) => {
                await api.PATCH('/api/places/{id}', { params: { path: { id: pl.id } }, body: bodyOf(v) });
                navigate(`/app/karte?lat=${v.lat}&lon=${v.lon}`);
              }}
            />
            <p class="link-row">
              <DeleteItem path="places" id={pl.id} title={pl.name} after="/app/karte" />
            </p>
          </>
        )}
      </AuthorOnly>
      <p class="link-row">
        <a href="/app/karte">{placesTexts.back}</a>
      </p>
    </section>
  );
}
