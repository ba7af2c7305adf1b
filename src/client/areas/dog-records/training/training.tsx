import { LIMITS } from '#shared/limits.js';
import { useState } from 'preact/hooks';
import type { TrainingPlan, TrainingSession, TrainingStreak } from '../../../api/types.js';
import { api, apiGet } from '../../../core/api.js';
import { formatDate, todayInBerlin } from '../../../core/format.js';
import type { ScreenProps } from '../../../core/screen.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { RecordSection, type SectionDef } from '../../../ui/record-section.js';
import { ErrorNotice, useResource } from '../../../ui/states.js';
import { NotesToggle, useAiAction, useAiStatus } from '../notes/index.js';
import { DogPage } from '../../../ui/dog-page.js';
import { trainingTexts } from './texts.js';

export function StreakCard({ streak }: { streak: TrainingStreak | null }) {
  const current = streak?.current_days ?? 0;
  return (
    <div class="streak-card">
      <span class={current > 0 ? 'streak-count' : 'streak-count streak-none'} aria-hidden="true">
        {current}
      </span>
      <div>
        {current > 0 ? <p class="big-number">{trainingTexts.training.current(current)}</p> : <p>{trainingTexts.training.noStreak}</p>}
        {streak && streak.longest_days > 0 && <p class="muted small">{trainingTexts.training.longest(streak.longest_days)}</p>}
        {streak?.last_date && streak.last_date < todayInBerlin() && current > 0 && <p class="small">{trainingTexts.training.keepGoing}</p>}
      </div>
    </div>
  );
}

function sessionSection(owner: boolean, onChange: () => void): SectionDef<TrainingSession, 'training-sessions'> {
  return {
    key: 'training',
    title: trainingTexts.training.section,
    path: 'training-sessions',
    canAdd: true,
    canEdit: owner,
    canRemove: owner,
    onChange,
    fields: [
      { name: 'date', label: trainingTexts.training.date, type: 'date', required: true, check: (v) => (v > todayInBerlin() ? trainingTexts.inFuture : null) },
      { name: 'skill', label: trainingTexts.training.skill, required: true, max: LIMITS.title },
      {
        name: 'duration_min',
        label: trainingTexts.training.duration,
        required: true,
        check: (v) => (/^\d+$/.test(v.trim()) && +v >= 1 && +v <= 600 ? null : trainingTexts.training.durationRange),
      },
      { name: 'rating', label: trainingTexts.training.rating, check: (v) => (!v || /^[1-5]$/.test(v.trim()) ? null : trainingTexts.training.ratingRange) },
    ],
    toValues: (i) => ({ date: String(i.date), skill: String(i.skill), duration_min: String(i.duration_min), rating: i.rating ? String(i.rating) : '' }),
    toBody: (v) => ({
      date: v.date || todayInBerlin(),
      skill: (v.skill ?? '').trim(),
      duration_min: Number(v.duration_min),
      rating: v.rating ? Number(v.rating) : null,
    }),
    // Training happens outside: without a connection the session waits in the offline queue.
    queue: { kind: 'training', label: (b) => trainingTexts.training.queued(String(b.skill), formatDate(String(b.date))) },
    label: (s) => `${s.skill} (${formatDate(s.date)})`,
    render: (s) => (
      <>
        <strong>{s.skill}</strong> · {formatDate(s.date)} · {trainingTexts.training.minutes(s.duration_min)}
        {s.rating && (
          <span class="stars" aria-label={`${s.rating} von 5`}>
            {' '}
            {trainingTexts.training.stars(s.rating)}
          </span>
        )}
      </>
    ),
    below: (s) => (owner ? <NotesToggle parentType="training_session" parentId={s.id} /> : null),
  };
}

function PlanView({ plan }: { plan: TrainingPlan }) {
  return (
    <div class="training-plan">
      <h3>{plan.title}</h3>
      <ol>
        {plan.weeks.map((w) => (
          <li key={w.week}>
            <strong>{trainingTexts.training.week(w.week)}:</strong> {w.focus}
            <ul>
              {w.exercises.map((e) => (
                <li key={e.name}>
                  {e.name} ({trainingTexts.training.minutes(e.minutes)}): {e.description}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The AI training plan: hidden without AI configuration; asks for consent first. */
function PlanCard({ dogId }: { dogId: number }) {
  const [ai, refreshAi] = useAiStatus();
  const [plan, setPlan] = useState<TrainingPlan | null>(null);
  const form = useForm({ goal: '', minutes: '15' }, { rules: { goal: { required: true, maxLength: LIMITS.title } } });
  const action = useAiAction(async () => {
    const answer = await api.POST('/api/ai/training-plan', {
      body: {
        dog_id: dogId,
        goal: form.values.goal.trim(),
        minutes_per_day: Math.min(120, Math.max(5, Number(form.values.minutes) || 15)),
      },
    });
    setPlan(answer.plan);
    refreshAi();
  });
  if (!ai?.available) return null;
  const submit = form.onSubmit(async () => action.start());
  return (
    <section class="card" aria-labelledby="h-plan">
      <h2 id="h-plan">{trainingTexts.training.plan}</h2>
      <form class="form" ref={form.formRef} onSubmit={submit} noValidate>
        <FormSummary message={form.summary} />
        <Field form={form} name="goal" label={trainingTexts.training.goal} required maxLength={LIMITS.title} />
        <Field form={form} name="minutes" label={trainingTexts.training.perDay} type="number" />
        <SubmitButton busy={action.busy} offline={form.offline} busyLabel={trainingTexts.training.making}>
          {trainingTexts.training.makePlan}
        </SubmitButton>
      </form>
      {ai.training_plans_left !== null && <p class="muted small">{trainingTexts.training.planLeft(ai.training_plans_left)}</p>}
      <ErrorNotice text={action.error} />
      {plan && <PlanView plan={plan} />}
      {action.dialog}
    </section>
  );
}

function TrainingBody({ dogId, owner }: { dogId: number; owner: boolean }) {
  const [streak, reloadStreak] = useResource(apiGet('/api/dogs/{dogId}/training-streak', { params: { path: { dogId } } }));
  return (
    <>
      <section class="card" aria-labelledby="h-streak">
        <h2 id="h-streak">{trainingTexts.training.streak}</h2>
        <StreakCard streak={streak.status === 'ready' ? streak.data : null} />
      </section>
      <RecordSection def={sessionSection(owner, reloadStreak)} dogId={dogId} />
      <PlanCard dogId={dogId} />
    </>
  );
}

/** /app/hunde/:dogId/training: the streak, the training log and the AI plan. */
export function TrainingScreen({ params }: ScreenProps) {
  return (
    <DogPage dogId={Number(params.dogId)} title={trainingTexts.training.title} fallback={trainingTexts.training.fallback} className="training">
      {(dog, owner) => <TrainingBody dogId={dog.id} owner={owner} />}
    </DogPage>
  );
}
