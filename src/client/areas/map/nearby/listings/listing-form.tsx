import type { ComponentType } from 'preact';
import { kindGet, send } from '../../../../core/api.js';
import { navigate } from '../../../../core/router.js';
import type { ScreenProps } from '../../../../core/screen.js';
import { Field, FormSummary, SubmitButton, useForm, type Rule } from '../../../../ui/form.js';
import { AuthorOnly } from '../../../../ui/map/author-only.js';
import { useResource } from '../../../../ui/states.js';
import { PinField, usePin } from '../../../../ui/map/pin-field.js';
import { nearbyTexts } from '../texts.js';
import { initialValues, toBody, toPatchBody, valuesOf, type FieldSpec, type ListingSpec } from './specs.js';

const INPUT_TYPES = { text: 'text', datetime: 'datetime-local', date: 'date', time: 'time', number: 'number', tel: 'tel', url: 'url' } as const;

function SpecField({ form, field }: { form: Parameters<typeof Field>[0]['form']; field: FieldSpec }) {
  const common = { form, name: field.name, label: field.label, required: field.required, maxLength: field.maxLength, hint: field.hint };
  if (field.kind === 'textarea') return <Field {...common} multiline rows={4} />;
  if (field.kind === 'select') return <Field {...common} options={field.options} />;
  return <Field {...common} type={INPUT_TYPES[field.kind]} min={field.min} max={field.max} />;
}

type Item = Record<string, unknown> & { id: number; lat: number; lon: number; mine: boolean };

/**
 * The kind's fields from its spec and the pin, new (empty) or filled with an item's values; `save` gets the body
 * (the position and the fields) and goes on from there.
 */
function ListingForm({
  spec,
  item,
  save,
}: {
  spec: ListingSpec;
  item?: Item;
  save: (values: Record<string, string | boolean>, pos: { lat: number; lon: number }) => Promise<void>;
}) {
  const p = usePin(item ? { lat: item.lat, lon: item.lon } : null);
  const rules = Object.fromEntries(spec.fields.map((f): [string, Rule] => [f.name, { required: f.required, maxLength: f.maxLength }]));
  const form = useForm(item ? valuesOf(spec, item) : initialValues(spec), { rules });
  const submit = form.onSubmit(async (values) => {
    const pos = p.take(form);
    if (pos) await save(values, pos);
  });
  return (
    <form class="form card" ref={form.formRef} onSubmit={submit} noValidate>
      <FormSummary message={form.summary} />
      {spec.fields.map((f) => (
        <SpecField key={f.name} form={form} field={f} />
      ))}
      <PinField p={p} />
      <SubmitButton busy={form.busy} offline={form.offline}>
        {item ? nearbyTexts.saveChanges : spec.submit}
      </SubmitButton>
    </form>
  );
}

/** /app/<slug>/neu: a new item, then its detail screen (where a photo can follow). */
export function listingCreateScreen(spec: ListingSpec): ComponentType<ScreenProps> {
  return function ListingCreateScreen() {
    return (
      <section class="page page-narrow nearby">
        <h1>{spec.createTitle}</h1>
        <ListingForm
          spec={spec}
          save={async (values, pos) => {
            const made = (await send('post', `/api/${spec.path}`, { body: { ...pos, ...toBody(spec, values) } })) as { id: number };
            navigate(`/app/${spec.slug}/${made.id}`);
          }}
        />
      </section>
    );
  };
}

/** /app/<slug>/<id>/bearbeiten: only for what you made (the server says 403 to anyone else). */
export function listingEditScreen(spec: ListingSpec): ComponentType<ScreenProps> {
  return function ListingEditScreen({ params }: ScreenProps) {
    const [item, reload] = useResource(kindGet<Item>(`/api/${spec.path}/{id}`, { params: { path: { id: Number(params.id) } } }));
    return (
      <section class="page page-narrow nearby">
        <h1>{nearbyTexts.editTitle(spec.label)}</h1>
        <AuthorOnly resource={item} onRetry={reload}>
          {(i) => (
            <ListingForm
              spec={spec}
              item={i}
              save={async (values, pos) => {
                await send('patch', `/api/${spec.path}/{id}`, { params: { path: { id: i.id } }, body: { ...pos, ...toPatchBody(spec, values) } });
                navigate(`/app/${spec.slug}/${i.id}`);
              }}
            />
          )}
        </AuthorOnly>
        <p class="link-row">
          <a href={`/app/${spec.slug}/${params.id}`}>{nearbyTexts.back}</a>
        </p>
      </section>
    );
  };
}
