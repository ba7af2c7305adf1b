import type { RecordBody } from '../../../core/api-types.js';
import { LIMITS } from '#shared/limits.js';
import { ErrorNotice } from '../../../ui/states.js';
import { useState } from 'preact/hooks';
import { submitWrite } from '../../../core/offline-queue.js';
import { PendingWrites } from '../../../ui/pending-writes.js';
import type { CareRoutine } from '../../../api/types.js';
import { api, errorMessage, urlOf } from '../../../core/api.js';
import { clearResponses } from '../../../core/offline-cache.js';
import { formatDate, todayInBerlin } from '../../../core/format.js';
import type { ScreenProps } from '../../../core/screen.js';
import { RecordSection, type SectionDef } from '../../../ui/record-section.js';
import { NotesToggle } from '../notes/index.js';
import { daysBetween } from '../../../core/calendar.js';
import { DogPage } from '../../../ui/dog-page.js';
import { DismissReminderButton } from '../../../ui/dismiss-reminder.js';
import { careTexts } from './texts.js';

/** The due badge: red when overdue, amber today, calm otherwise. */
export function DueBadge({ nextDue, today }: { nextDue: string | null; today: string }) {
  if (!nextDue) return <span class="due-badge due-never">{careTexts.care.never}</span>;
  const days = daysBetween(today, nextDue);
  if (days < 0) return <span class="due-badge due-overdue">{careTexts.care.overdue(-days)}</span>;
  if (days === 0) return <span class="due-badge due-today">{careTexts.care.dueToday}</span>;
  return <span class="due-badge due-later">{careTexts.care.dueIn(days)}</span>;
}

function DoneButton({ routine, onDone }: { routine: CareRoutine; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [queued, setQueued] = useState(false);
  const what = routineName(routine);
  return (
    <>
      <button
        type="button"
        class="button button-small"
        disabled={busy}
        aria-busy={busy ? 'true' : undefined}
        aria-label={careTexts.care.doneFor(what)}
        onClick={async () => {
          setBusy(true);
          setError(null);
          setQueued(false);
          try {
            // The day it was done travels along: a tick sent tomorrow still counts for today.
            const date = todayInBerlin();
            const result = await submitWrite({
              kind: 'care',
              dogId: routine.dog_id,
              path: '/api/care-routines/{id}/done',
              init: { params: { path: { id: routine.id } }, body: { date } },
              label: careTexts.care.queued(what, formatDate(date)),
            });
            if (result.queued) return setQueued(true);
            clearResponses(urlOf('/api/dogs/{dogId}/care-routines', { params: { path: { dogId: routine.dog_id } } }));
            onDone();
          } catch (e) {
            setError(errorMessage(e));
          } finally {
            setBusy(false);
          }
        }}
      >
        ✓ {careTexts.care.done}
      </button>
      <ErrorNotice text={error} />
      {queued && (
        <p class="small" role="status">
          {careTexts.care.queuedShort}
        </p>
      )}
    </>
  );
}

/** A routine's name: its own for a custom one (the server's careTitle does the same). */
const routineName = (r: CareRoutine) => (r.kind === 'custom' && r.label ? r.label : (careTexts.care.kinds[r.kind] ?? r.kind));

function careSection(owner: boolean, today: string): SectionDef<CareRoutine, 'care-routines'> {
  const intervalCheck = (v: string) => (/^\d+$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= 365 ? null : careTexts.care.intervalRange);
  return {
    key: 'pflege',
    title: careTexts.care.section,
    path: 'care-routines',
    canAdd: owner,
    canEdit: owner,
    canRemove: owner,
    empty: careTexts.care.empty,
    fields: [
      {
        name: 'kind',
        label: careTexts.care.kind,
        type: 'select',
        required: true,
        options: Object.entries(careTexts.care.kinds).map(([value, label]) => ({ value, label })),
      },
      {
        name: 'label',
        label: careTexts.care.label,
        max: 100,
        checkEmpty: true,
        check: (v, all) => (all.kind === 'custom' && !v?.trim() ? careTexts.care.labelMissing : null),
      },
      { name: 'intervall_tage', label: careTexts.care.interval, required: true, check: intervalCheck },
      { name: 'last_done', label: careTexts.care.lastDone, type: 'date', check: (v) => (v && v > todayInBerlin() ? careTexts.inFuture : null) },
      { name: 'product', label: careTexts.care.product, max: LIMITS.title },
    ],
    toValues: (i) => ({
      kind: String(i.kind),
      label: String(i.label ?? ''),
      intervall_tage: String(i.intervall_tage),
      last_done: String(i.last_done ?? ''),
      product: String(i.product ?? ''),
    }),
    toBody: (v) => ({
      kind: (v.kind || 'tick_flea') as RecordBody<'care-routines'>['kind'],
      label: v.kind === 'custom' ? v.label?.trim() || null : null,
      intervall_tage: Number(v.intervall_tage),
      last_done: v.last_done || null,
      product: v.product?.trim() || null,
    }),
    label: (r) => routineName(r),
    render: (r) => (
      <>
        <strong>{routineName(r)}</strong> <DueBadge nextDue={r.next_due} today={today} />
        <br />
        <span class="muted small">
          {careTexts.care.every(r.intervall_tage)}
          {r.last_done && ` · zuletzt ${formatDate(r.last_done)}`}
          {r.next_due && ` · nächstes Mal ${formatDate(r.next_due)}`}
          {r.product && ` · ${r.product}`}
        </span>
      </>
    ),
    actions: (r, reload) => (
      <>
        <DoneButton routine={r} onDone={reload} />
        {owner && (
          <DismissReminderButton
            dismiss={() => api.POST('/api/dogs/{dogId}/care-routines/{id}/dismiss-reminder', { params: { path: { dogId: r.dog_id, id: r.id } } })}
            nextDue={r.next_due}
            dismissedDue={r.reminder_dismissed_due}
            onDone={reload}
          />
        )}
      </>
    ),
    below: (r) => (owner ? <NotesToggle parentType="care_routine" parentId={r.id} /> : null),
  };
}

/** The routines, and above them the ticks that still wait for a connection (the list reloads once they are sent). */
function CareBody({ dogId, owner }: { dogId: number; owner: boolean }) {
  const [version, setVersion] = useState(0);
  return (
    <>
      <PendingWrites kinds={['care']} dogId={dogId} onDelivered={() => setVersion((v) => v + 1)} />
      <RecordSection key={version} def={careSection(owner, todayInBerlin())} dogId={dogId} />
    </>
  );
}

/** /app/hunde/:dogId/pflege: the routines with due badges and the one-tap "Erledigt" (caregivers may tick too). */
export function CareScreen({ params }: ScreenProps) {
  return (
    <DogPage dogId={Number(params.dogId)} title={careTexts.care.title} fallback={careTexts.care.fallback} className="care">
      {(dog, owner) => <CareBody dogId={dog.id} owner={owner} />}
    </DogPage>
  );
}
