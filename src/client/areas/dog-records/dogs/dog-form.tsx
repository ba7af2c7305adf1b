import { LIMITS } from '#shared/limits.js';
import type { BodyOf } from '../../../core/api.js';
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { BreedSummary } from '../../../api/types.js';
import { api } from '../../../core/api.js';
import { todayInBerlin } from '../../../core/format.js';
import { t } from '../../../core/texts.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import type { Dog } from './dogs-api.js';
import { dogsTexts } from './texts.js';

export type DogFormValues = {
  name: string;
  breed: string;
  birth_date: string;
  sex: string;
  neutered: string;
  weight_kg: string;
  color: string;
  chip_number: string;
  chip_implanted_on: string;
  pet_passport_number: string;
  bio: string;
};

export function initialValues(dog?: Dog): DogFormValues {
  return {
    name: dog?.name ?? '',
    breed: dog?.breed ?? '',
    birth_date: dog?.birth_date ?? '',
    sex: dog?.sex ?? '',
    neutered: dog?.neutered === null || dog?.neutered === undefined ? '' : String(dog.neutered),
    weight_kg: dog?.weight_kg ? String(dog.weight_kg).replace('.', ',') : '',
    color: dog?.color ?? '',
    chip_number: dog?.chip_number ?? '',
    chip_implanted_on: dog?.chip_implanted_on ?? '',
    pet_passport_number: dog?.pet_passport_number ?? '',
    bio: dog?.bio ?? '',
  };
}

/** German decimal input ("12,5") → number; empty → null. */
export function parseWeight(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  return trimmed ? Number(trimmed) : null;
}

/**
 * The wiki link of the typed breed: a suggestion it matches exactly (case aside) links it; an unchanged breed keeps
 * its link; anything else has none.
 */
export function breedSlugFor(
  typed: string,
  suggestions: Pick<BreedSummary, 'slug' | 'name' | 'name_en'>[],
  dog?: Pick<Dog, 'breed' | 'breed_slug'>,
): string | null {
  const name = typed.trim().toLocaleLowerCase('de');
  if (!name) return null;
  const hit = suggestions.find((b) => b.name.toLocaleLowerCase('de') === name || b.name_en.toLocaleLowerCase('de') === name);
  if (hit) return hit.slug;
  return dog && (dog.breed ?? '').trim().toLocaleLowerCase('de') === name ? dog.breed_slug : null;
}

/** The request body: empty optional fields become null, so clearing a field on edit really clears it. */
/** A dog's fields as POST /api/dogs and PATCH /api/dogs/{dogId} take them. */
export type DogBody = BodyOf<'/api/dogs', 'post'>;

export function toBody(values: DogFormValues, breedSlug: string | null = null): DogBody {
  const text = (v: string) => (v.trim() ? v.trim() : null);
  return {
    name: values.name.trim(),
    breed: text(values.breed),
    breed_slug: breedSlug,
    birth_date: values.birth_date || null,
    sex: (values.sex || null) as DogBody['sex'],
    neutered: values.neutered === '' ? null : (Number(values.neutered) as 0 | 1),
    weight_kg: parseWeight(values.weight_kg),
    color: text(values.color),
    chip_number: text(values.chip_number),
    chip_implanted_on: values.chip_implanted_on || null,
    pet_passport_number: text(values.pet_passport_number),
    bio: text(values.bio),
  };
}

interface DogFormProps {
  dog?: Dog;
  submitLabel: string;
  onSubmit: (body: DogBody) => Promise<void>;
  children?: ComponentChildren;
}

/** Breeds from the wiki matching what is typed, German names first (the list answers German, else English). */
function useBreedSuggestions(typed: string): BreedSummary[] {
  const [hits, setHits] = useState<BreedSummary[]>([]);
  useEffect(() => {
    const q = typed.trim();
    if (q.length < 2) return;
    let live = true;
    const timer = setTimeout(() => {
      void api
        .GET('/api/wiki/rassen', { params: { query: { q, limit: 8 } } })
        .then((page) => live && setHits([...page.items].sort((a, b) => Number(b.name_de !== null) - Number(a.name_de !== null))))
        .catch(() => undefined);
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [typed]);
  return hits;
}

export function DogForm({ dog, submitLabel, onSubmit, children }: DogFormProps) {
  const form = useForm(initialValues(dog), {
    rules: {
      name: { required: true, maxLength: LIMITS.dogName },
      breed: { maxLength: LIMITS.dogName },
      color: { maxLength: 80 },
      chip_number: { maxLength: 50 },
      pet_passport_number: { maxLength: 40 },
      chip_implanted_on: { check: (v) => (v > todayInBerlin() ? 'Der Chip kann nicht in der Zukunft gesetzt werden.' : null) },
      bio: { maxLength: LIMITS.dogBio },
      birth_date: { check: (v) => (v > todayInBerlin() ? dogsTexts.birthInFuture : null) },
      weight_kg: {
        check: (v) => {
          const n = parseWeight(v);
          return n === null || (Number.isFinite(n) && n > 0 && n <= 150) ? null : dogsTexts.weightInvalid;
        },
      },
    },
  });
  const suggestions = useBreedSuggestions(form.values.breed);
  const submit = form.onSubmit((values) => onSubmit(toBody(values, breedSlugFor(values.breed, suggestions, dog))));
  return (
    <form class="card form" ref={form.formRef} onSubmit={submit} noValidate>
      <FormSummary message={form.summary} />
      <Field form={form} name="name" label={dogsTexts.name} maxLength={LIMITS.dogName} required autoComplete="off" />
      <Field
        form={form}
        name="breed"
        label={dogsTexts.breed}
        hint={dogsTexts.breedHint}
        maxLength={LIMITS.dogName}
        autoComplete="off"
        list="breed-suggestions"
      />
      <datalist id="breed-suggestions">
        {suggestions.map((b) => (
          <option key={b.slug} value={b.name} />
        ))}
      </datalist>
      <div class="field-row">
        <Field form={form} name="birth_date" label={dogsTexts.birthDate} type="date" max={todayInBerlin()} />
        <Field form={form} name="sex" label={dogsTexts.sex} options={dogsTexts.sexOptions} />
      </div>
      <div class="field-row">
        <Field form={form} name="neutered" label={dogsTexts.neutered} options={dogsTexts.neuteredOptions} />
        <Field form={form} name="weight_kg" label={dogsTexts.weight} inputMode="decimal" autoComplete="off" />
      </div>
      <div class="field-row">
        <Field form={form} name="color" label={dogsTexts.color} maxLength={80} autoComplete="off" />
        <Field form={form} name="chip_number" label={dogsTexts.chip} hint={dogsTexts.chipHint} maxLength={50} inputMode="numeric" autoComplete="off" />
      </div>
      <div class="field-row">
        <Field form={form} name="chip_implanted_on" label="Chip gesetzt am (für Reisen)" type="date" max={todayInBerlin()} />
        <Field form={form} name="pet_passport_number" label="EU-Heimtierausweis Nr." maxLength={40} autoComplete="off" />
      </div>
      <Field form={form} name="bio" label={dogsTexts.bio} hint={dogsTexts.bioHint} multiline maxLength={LIMITS.dogBio} />
      {children}
      <SubmitButton busy={form.busy} offline={form.offline} busyLabel={t.saving}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
