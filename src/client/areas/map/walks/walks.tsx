import { apiGet } from '../../../core/api.js';
import { useState } from 'preact/hooks';
import type { Walk } from '../../../api/types.js';
import { formatDateTime } from '../../../core/format.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { MoreButton, usePagedList } from '../../../ui/paged-list.js';
import { PendingWrites, queueTexts } from '../../../ui/pending-writes.js';
import { Empty, Load, useResource } from '../../../ui/states.js';
import { useDogsWithShared } from '../../dog-records/dogs/dogs-api.js';
import { walksTexts } from './texts.js';
import { saveWalk } from './save-walk.js';
import { WalkRecorder } from './walk-recorder.js';
import { WeeklyTotals } from './weekly-totals.js';

/** A walk after the fact: when, how long, how far (optional). */
function AddLater({ dogIds, onSaved, onNeedDogs }: { dogIds: number[]; onSaved: () => void; onNeedDogs: () => void }) {
  const form = useForm({ started_at: '', duration_min: '', distance_km: '' }, { rules: { started_at: { required: true }, duration_min: { required: true } } });
  const [queued, setQueued] = useState(false);
  const submit = form.onSubmit(async (v) => {
    setQueued(false);
    if (dogIds.length === 0) return onNeedDogs();
    const km = v.distance_km.trim() ? Number(v.distance_km.replace(',', '.')) : null;
    const result = await saveWalk({
      dog_ids: dogIds,
      started_at: new Date(v.started_at).toISOString(),
      duration_min: Number(v.duration_min),
      ...(km !== null && Number.isFinite(km) ? { distance_m: Math.round(km * 1000) } : {}),
    });
    form.setValues({ started_at: '', duration_min: '', distance_km: '' });
    setQueued(result.queued);
    if (!result.queued) onSaved();
  });
  return (
    <details class="card">
      <summary>{walksTexts.addLater}</summary>
      <form class="form" ref={form.formRef} onSubmit={submit} noValidate>
        <FormSummary message={form.summary} />
        <Field form={form} name="started_at" label={walksTexts.startedAt} type="datetime-local" required />
        <Field form={form} name="duration_min" label={walksTexts.duration} type="number" required min="1" max="1440" />
        <Field form={form} name="distance_km" label={walksTexts.distance} inputMode="decimal" />
        <SubmitButton busy={form.busy} offline={false}>
          {walksTexts.add}
        </SubmitButton>
        {form.offline && <p class="hint">{queueTexts.offlineHint}</p>}
        {queued && <p role="status">{queueTexts.queuedNotice}</p>}
      </form>
    </details>
  );
}

/** /app/spaziergaenge: record a walk with the dogs, add one later, the weekly totals per dog and the latest walks. */
export function WalksScreen() {
  const [dogs] = useDogsWithShared();
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [needDogs, setNeedDogs] = useState(false);
  const walks = usePagedList<Walk>(apiGet('/api/walks', { params: { query: { limit: 20 } } }));
  const [weekly, reloadWeekly] = useResource(apiGet('/api/walks/weekly', { params: { query: { weeks: 8 } } }));
  const allDogs = dogs.status === 'ready' ? dogs.data.items : [];
  const selected = chosen ?? allDogs.map((d) => d.id);
  const saved = () => {
    walks.reload();
    reloadWeekly();
  };
  return (
    <section class="page">
      <h1>{walksTexts.walksTitle}</h1>
      <Load resource={dogs} onRetry={() => undefined}>
        {(page) =>
          page.items.length === 0 ? (
            <Empty title={walksTexts.noDogs}>
              <a href="/app/hunde/neu">Hund anlegen</a>
            </Empty>
          ) : (
            <>
              <fieldset class="kind-filter" aria-describedby={needDogs ? 'walk-dogs-error' : undefined}>
                <legend>{walksTexts.whichDogs}</legend>
                {page.items.map((d) => (
                  <label key={d.id} class="chip">
                    <input
                      type="checkbox"
                      checked={selected.includes(d.id)}
                      onChange={(e) => {
                        const on = e.currentTarget.checked;
                        setNeedDogs(false);
                        setChosen(on ? [...selected, d.id] : selected.filter((id) => id !== d.id));
                      }}
                    />{' '}
                    {d.name}
                  </label>
                ))}
                {needDogs && (
                  <p id="walk-dogs-error" class="field-error">
                    {walksTexts.dogsMissing}
                  </p>
                )}
              </fieldset>
              <WalkRecorder dogIds={selected} onSaved={saved} onNeedDogs={() => setNeedDogs(true)} />
              <AddLater dogIds={selected} onSaved={saved} onNeedDogs={() => setNeedDogs(true)} />
            </>
          )
        }
      </Load>
      <PendingWrites kinds={['walk']} onDelivered={saved} />
      <h2>{walksTexts.weekly}</h2>
      <Load resource={weekly} onRetry={reloadWeekly}>
        {(data) => <WeeklyTotals data={data} />}
      </Load>
      <h2>{walksTexts.recent}</h2>
      <Load resource={walks.resource} onRetry={walks.reload}>
        {(items) =>
          items.length === 0 ? (
            <Empty title={walksTexts.noWalks} />
          ) : (
            <ul class="contrib-list">
              {items.map((w) => (
                <li key={w.id}>
                  <strong>{formatDateTime(w.started_at)}</strong> · {walksTexts.walkLine(w.duration_min, w.distance_m)}
                  <br />
                  <span class="muted">{w.dogs.map((d) => d.name).join(', ')}</span>
                </li>
              ))}
            </ul>
          )
        }
      </Load>
      <MoreButton list={walks} />
      <p>
        <a href="/app/routen">{walksTexts.toPlanner}</a>
      </p>
    </section>
  );
}
