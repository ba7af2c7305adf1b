import { LIMITS } from '#shared/limits.js';
import { useState } from 'preact/hooks';
import { api, ApiError, apiGet, apiHref } from '../../../core/api.js';
import { formatDate, formatWeekday, todayInBerlin } from '../../../core/format.js';
import { clearResponses } from '../../../core/offline-cache.js';
import { t } from '../../../core/texts.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { Load, useResource } from '../../../ui/states.js';
import type { VetVisit } from './health-api.js';
import { healthTexts } from './texts.js';

/**
 * Vet appointments on the health tab (decisions: appointments): "Nächster Termin" above the records, and "Erledigt"
 * on a planned visit, which turns the same record into a visit that took place (the server keeps the planned day).
 */

/** Enough visits to hold every appointment ahead: the list is newest first, so the ones ahead come first. */
const NEXT_LOOKUP = 50;

const daysUntil = (date: string, today: string) => Math.round((Date.parse(`${date}T12:00:00Z`) - Date.parse(`${today}T12:00:00Z`)) / 86_400_000);

/** The soonest planned visit from today on, and how many planned ones lie in the past (not marked done yet). */
export function nextAppointment(visits: VetVisit[], today: string): { next: VetVisit | null; openPast: number } {
  const planned = visits.filter((v) => v.status === 'planned');
  const ahead = planned.filter((v) => v.date >= today).sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  return { next: ahead[0] ?? null, openPast: planned.length - ahead.length };
}

/** The "Nächster Termin" card (the health tab gives it a new key when the visits change, so it loads again). */
export function NextAppointment({ dogId }: { dogId: number }) {
  const [visits, reload] = useResource(apiGet('/api/dogs/{dogId}/vet-visits', { params: { path: { dogId }, query: { limit: NEXT_LOOKUP } } }));
  return (
    <section class="card next-appointment" aria-labelledby="h-next-appointment">
      <h2 id="h-next-appointment">{healthTexts.nextTitle}</h2>
      <Load resource={visits} onRetry={reload}>
        {(page) => {
          const today = todayInBerlin();
          const { next, openPast } = nextAppointment(page.items, today);
          return (
            <>
              {next ? (
                <p>
                  <strong>{next.reason}</strong> · {formatWeekday(next.date)}, {formatDate(next.date)}{' '}
                  <span class="muted">({healthTexts.nextIn(daysUntil(next.date, today))})</span>
                </p>
              ) : (
                <p class="muted">{healthTexts.nextNone}</p>
              )}
              {openPast > 0 && (
                <p class="small">
                  <a href="#besuche">{healthTexts.openPast(openPast)}</a>
                </p>
              )}
            </>
          );
        }}
      </Load>
    </section>
  );
}

/** "Erledigt" on a planned visit: the day it took place (today, or the planned day if that has passed) and what came out. */
export function MarkVisitDone({ visit, onDone }: { visit: VetVisit; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <button type="button" class="button button-small" onClick={() => setOpen(true)} aria-label={healthTexts.markDoneTitle(visit.reason)}>
        {healthTexts.markDone}
      </button>
    );
  return (
    <DoneForm
      visit={visit}
      onCancel={() => setOpen(false)}
      onDone={() => {
        setOpen(false);
        onDone();
      }}
    />
  );
}

function DoneForm({ visit, onCancel, onDone }: { visit: VetVisit; onCancel: () => void; onDone: () => void }) {
  const today = todayInBerlin();
  const p = `erledigt-${visit.id}-`;
  const form = useForm(
    { [`${p}date`]: visit.date <= today ? visit.date : today, [`${p}diagnosis`]: visit.diagnosis ?? '', [`${p}treatment`]: visit.treatment ?? '' },
    { rules: { [`${p}date`]: { required: true, check: (v) => (v > todayInBerlin() ? healthTexts.inFuture : null) } } },
  );
  const submit = form.onSubmit(async (values) => {
    const text = (k: string) => String(values[p + k] ?? '').trim() || null;
    try {
      await api.PATCH('/api/vet-visits/{id}', {
        params: { path: { id: visit.id } },
        body: { status: 'done', date: values[`${p}date`], diagnosis: text('diagnosis'), treatment: text('treatment') },
      });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      throw new ApiError(e.status, e.code, e.message, Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [p + k, v])), e.retryAfterSeconds);
    }
    clearResponses(apiHref('/api/dogs/{dogId}/vet-visits', { params: { path: { dogId: visit.dog_id } } }));
    onDone();
  });
  return (
    <form class="form record-form" ref={form.formRef} onSubmit={submit} noValidate aria-label={healthTexts.markDoneTitle(visit.reason)}>
      <FormSummary message={form.summary} />
      <Field form={form} name={`${p}date`} label={healthTexts.doneDate} type="date" required />
      <Field form={form} name={`${p}diagnosis`} label={healthTexts.fields.diagnosis} multiline rows={3} maxLength={LIMITS.note} />
      <Field form={form} name={`${p}treatment`} label={healthTexts.fields.treatment} multiline rows={3} maxLength={LIMITS.note} />
      <SubmitButton busy={form.busy} offline={form.offline} busyLabel={healthTexts.doneSaving}>
        {healthTexts.doneSave}
      </SubmitButton>
      <button type="button" class="button button-ghost button-small" onClick={onCancel}>
        {t.cancel}
      </button>
    </form>
  );
}
