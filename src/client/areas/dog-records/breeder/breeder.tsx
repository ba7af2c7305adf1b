import { LIMITS } from '#shared/limits.js';
import type { Dog, Litter } from '../../../api/types.js';
import { api, apiGet } from '../../../core/api.js';
import { navigate } from '../../../core/router.js';
import { isBreeder, session } from '../../../core/session.js';
import { useStore } from '../../../core/store.js';
import { formatDate, todayInBerlin } from '../../../core/format.js';
import type { ScreenProps } from '../../../core/screen.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { MoreButton, usePagedList } from '../../../ui/paged-list.js';
import { ItemList, Load, useResource } from '../../../ui/states.js';
import { daysUntil } from './dates.js';
import { breederTexts } from './texts.js';

function LitterForm({ dogs, motherId }: { dogs: Dog[]; motherId: string | null }) {
  const females = dogs.filter((d) => d.sex === 'female');
  const males = dogs.filter((d) => d.sex !== 'female');
  const form = useForm(
    { mother: motherId ?? String(females[0]?.id ?? ''), father: '', father_name: '', mating: '', birth: '', notes: '' },
    {
      rules: {
        mother: { required: true },
        father_name: { maxLength: LIMITS.dogName },
        mating: { check: (v) => (v && v > todayInBerlin() ? 'Das Datum liegt in der Zukunft.' : null) },
        birth: { check: (v) => (v && v > todayInBerlin() ? 'Das Datum liegt in der Zukunft.' : null) },
        notes: { maxLength: LIMITS.note },
      },
    },
  );
  if (females.length === 0) return <p class="notice notice-info">{breederTexts.noFemale}</p>;
  const submit = form.onSubmit(async (v) => {
    const litter = await api.POST('/api/litters', {
      body: {
        mother_dog_id: Number(v.mother),
        father_dog_id: v.father ? Number(v.father) : null,
        father_name: v.father_name.trim() || null,
        mating_date: v.mating || null,
        birth_date: v.birth || null,
        notes: v.notes.trim() || null,
      },
    });
    navigate(`/app/zucht/wurf/${litter.id}`);
  });
  return (
    <form class="card form" ref={form.formRef} onSubmit={submit} noValidate aria-labelledby="h-new-litter">
      <h2 id="h-new-litter">{breederTexts.newLitter}</h2>
      <FormSummary message={form.summary} />
      <Field form={form} name="mother" label={breederTexts.mother} required options={females.map((d) => ({ value: String(d.id), label: d.name }))} />
      <Field
        form={form}
        name="father"
        label={breederTexts.fatherDog}
        options={[{ value: '', label: breederTexts.noFather }, ...males.map((d) => ({ value: String(d.id), label: d.name }))]}
      />
      <Field form={form} name="father_name" label={breederTexts.fatherName} maxLength={LIMITS.dogName} />
      <Field form={form} name="mating" label={breederTexts.mating} type="date" />
      <Field form={form} name="birth" label={breederTexts.birth} type="date" />
      <Field form={form} name="notes" label={breederTexts.notes} multiline maxLength={LIMITS.note} />
      <SubmitButton busy={form.busy} offline={form.offline}>
        {breederTexts.save}
      </SubmitButton>
    </form>
  );
}

function LitterItem({ litter }: { litter: Litter }) {
  const due = !litter.birth_date && litter.expected_birth_date ? daysUntil(litter.expected_birth_date) : null;
  return (
    <li class="card litter-card">
      <h3>
        <a href={`/app/zucht/wurf/${litter.id}`}>{breederTexts.litterOf(litter.mother_name)}</a>
      </h3>
      <p class="muted">
        {litter.birth_date
          ? breederTexts.born(formatDate(litter.birth_date))
          : litter.expected_birth_date
            ? `${breederTexts.expected(formatDate(litter.expected_birth_date))} (${breederTexts.countdown(due!)})`
            : ''}
        {' · '}
        {breederTexts.puppies(litter.puppy_count)}
      </p>
    </li>
  );
}

/** /app/zucht: the breeder's litters and a new one; for everyone else what the plan offers. */
export function BreederScreen({ query }: ScreenProps) {
  const state = useStore(session);
  const user = state.status === 'user' ? state.user : null;
  if (user && !isBreeder(user))
    return (
      <section class="page page-narrow">
        <h1>{breederTexts.planTitle}</h1>
        <p>{breederTexts.planText}</p>
        <a class="button" href="/app/tarif">
          {breederTexts.planLink}
        </a>
      </section>
    );
  return <BreederHome motherId={query.get('mutter')} />;
}

function BreederHome({ motherId }: { motherId: string | null }) {
  const list = usePagedList<Litter>(apiGet('/api/litters', { params: { query: { limit: 20 } } }));
  const [dogs, reloadDogs] = useResource(apiGet('/api/dogs', { params: { query: { limit: 200 } } }));
  return (
    <section class="page page-narrow breeder">
      <h1>{breederTexts.title}</h1>
      <h2>{breederTexts.litters}</h2>
      <Load resource={list.resource} onRetry={list.reload}>
        {(items) => (
          <ItemList items={items} empty={breederTexts.none} class="plain-list litter-list">
            {(l) => <LitterItem key={l.id} litter={l} />}
          </ItemList>
        )}
      </Load>
      <MoreButton list={list} />
      <Load resource={dogs} onRetry={reloadDogs}>
        {(d) => <LitterForm dogs={d.items} motherId={motherId} />}
      </Load>
    </section>
  );
}
