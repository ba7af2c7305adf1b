import { LIMITS } from '#shared/limits.js';
import { apiGet } from '../../../core/api.js';
import { useState } from 'preact/hooks';
import type { HeatCycle, HeatPrediction } from '../../../api/types.js';
import { formatDate, formatMonth, todayInBerlin } from '../../../core/format.js';
import { isBreeder, session } from '../../../core/session.js';
import { useStore } from '../../../core/store.js';
import type { ScreenProps } from '../../../core/screen.js';
import { RecordSection, type SectionDef } from '../../../ui/record-section.js';
import { useResource } from '../../../ui/states.js';
import { NotesToggle } from '../notes/index.js';
import { addDays, daysBetween } from '../../../core/calendar.js';
import { DogPage } from '../../../ui/dog-page.js';
import { heatTexts } from './texts.js';

/** Typical phase lengths in days (the server's HEAT_PHASES): shown as typical, never as this dog's fact. */
const PHASE_DAYS = [9, 9, 63];

function PredictionCard({ prediction, today }: { prediction: HeatPrediction; today: string }) {
  if (!prediction.next_start) return <p class="muted">{heatTexts.heat.none}</p>;
  const days = daysBetween(today, prediction.next_start);
  return (
    <div class="heat-prediction">
      <p class="big-number">
        {formatDate(prediction.next_start)} <span class="muted">({heatTexts.heat.inDays(days)})</span>
      </p>
      <p class="muted small">{heatTexts.heat.basis(prediction.based_on_cycles, prediction.mean_interval_days)}</p>
    </div>
  );
}

/** Where today falls in the last cycle: its day while the heat runs, then the typical phase, nothing past the bar. */
function todayInCycle(since: number, cycle: HeatCycle, total: number): string | null {
  if (since < 0 || since > total) return null;
  const ended = cycle.end_date !== null && daysBetween(cycle.end_date, addDays(cycle.start_date, since)) > 0;
  const heatDays = PHASE_DAYS[0]! + PHASE_DAYS[1]!;
  if (!ended && since < heatDays + 3) return heatTexts.heat.dayOfHeat(since + 1);
  let sum = 0;
  for (const [i, days] of PHASE_DAYS.entries()) {
    sum += days;
    if (since < sum) return heatTexts.heat.typicalPhase(heatTexts.phases[Math.max(i, 2)]!.label);
  }
  return heatTexts.heat.typicalPhase(heatTexts.phases[3]!.label);
}

/** The phases of the last cycle as a bar: typical lengths, with today's place on it; the labels as a legend below
 * (inside the bar's narrow segments they broke mid-word at phone width). */
function Timeline({ cycle, interval, today }: { cycle: HeatCycle; interval: number; today: string }) {
  const total = Math.max(interval, PHASE_DAYS.reduce((a, b) => a + b, 0) + 14);
  const lengths = [...PHASE_DAYS, total - PHASE_DAYS.reduce((a, b) => a + b, 0)];
  const since = daysBetween(cycle.start_date, today);
  const marker = since >= 0 && since <= total ? (since / total) * 100 : null;
  const where = todayInCycle(since, cycle, total);
  return (
    <figure class="heat-timeline">
      <figcaption>
        {heatTexts.heat.timeline} ({formatDate(cycle.start_date)})
      </figcaption>
      <div class="timeline-bar" aria-hidden="true">
        {heatTexts.phases.map((p, i) => (
          <div key={p.key} class={`phase phase-${p.key}`} style={{ flexGrow: lengths[i] }} />
        ))}
        {marker !== null && <span class="timeline-today" style={{ left: `${marker}%` }} />}
      </div>
      <ul class="phase-legend">
        {heatTexts.phases.map((p) => (
          <li key={p.key}>
            <span class={`dot phase-${p.key}`} /> <span class="phase-label">{p.label}</span> <span class="muted">{p.range}</span>
          </li>
        ))}
      </ul>
      {where && <p class="small">{`${heatTexts.heat.today}: ${where}`}</p>}
      <p class="muted small">{heatTexts.heat.timelineHint}</p>
    </figure>
  );
}

/** The month a calendar opens on: the last cycle's while it began within the last two months (right after a month
 * turns, a cycle that just ended lies wholly in the previous month), else the current one. */
function firstMonth(cycles: HeatCycle[], today: string): string {
  const last = cycles[0];
  if (last && daysBetween(last.start_date, today) <= 62 && last.start_date < today) return last.start_date.slice(0, 7);
  return today.slice(0, 7);
}

/** Three months from firstMonth: recorded cycle days and the expected start marked; the arrows page by three. */
function HeatCalendar({ cycles, prediction, today }: { cycles: HeatCycle[]; prediction: HeatPrediction; today: string }) {
  const [offset, setOffset] = useState(0);
  const marked = new Map<string, 'cycle' | 'predicted'>();
  for (const c of cycles) {
    const end = c.end_date ?? (daysBetween(c.start_date, today) < 21 ? today : addDays(c.start_date, PHASE_DAYS[0]! + PHASE_DAYS[1]! - 1));
    for (let d = c.start_date; d <= end; d = addDays(d, 1)) marked.set(d, 'cycle');
  }
  if (prediction.next_start) for (let i = 0; i < 18; i++) marked.set(addDays(prediction.next_start, i), 'predicted');
  const first = new Date(Date.parse(`${firstMonth(cycles, today)}-01T12:00:00Z`));
  first.setUTCMonth(first.getUTCMonth() + offset);
  const months = [0, 1, 2].map((i) => {
    const m = new Date(first);
    m.setUTCMonth(m.getUTCMonth() + i);
    return m.toISOString().slice(0, 7);
  });
  return (
    <section class="card" aria-labelledby="h-heat-cal">
      <h2 id="h-heat-cal">{heatTexts.heat.calendar}</h2>
      <div class="link-row">
        <button type="button" class="button button-ghost button-small" onClick={() => setOffset((o) => o - 3)} aria-label="Frühere Monate">
          ‹
        </button>
        <button type="button" class="button button-ghost button-small" onClick={() => setOffset((o) => o + 3)} aria-label="Spätere Monate">
          ›
        </button>
        <span class="legend">
          <span class="dot dot-cycle" /> {heatTexts.heat.legendCycle} <span class="dot dot-predicted" /> {heatTexts.heat.legendPredicted}
        </span>
      </div>
      <div class="heat-months">
        {months.map((month) => {
          const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
          const lead = (new Date(`${month}-01T12:00:00Z`).getUTCDay() + 6) % 7;
          return (
            <div key={month} class="heat-month">
              <h3>{formatMonth(month)}</h3>
              <ol class="heat-grid" aria-label={formatMonth(month)}>
                {Array.from({ length: lead }, (_, i) => (
                  <li key={`x${i}`} aria-hidden="true" />
                ))}
                {Array.from({ length: days }, (_, i) => {
                  const day = `${month}-${String(i + 1).padStart(2, '0')}`;
                  const kind = marked.get(day);
                  return (
                    <li key={day} class={[kind ? `day-${kind}` : '', day === today ? 'day-today' : ''].join(' ').trim() || undefined}>
                      <span aria-hidden="true">{i + 1}</span>
                      <span class="visually-hidden">
                        {formatDate(day)}
                        {kind === 'cycle' ? `: ${heatTexts.heat.legendCycle}` : kind === 'predicted' ? `: ${heatTexts.heat.legendPredicted}` : ''}
                      </span>
                    </li>
                  );
                })}
              </ol>
            </div>
          );
        })}
      </div>
    </section>
  );
}

function cycleSection(owner: boolean, onChange: () => void): SectionDef<HeatCycle, 'heat-cycles'> {
  return {
    key: 'laeufigkeiten',
    title: heatTexts.heat.section,
    path: 'heat-cycles',
    canAdd: owner,
    canEdit: owner,
    canRemove: owner,
    onChange,
    fields: [
      { name: 'start_date', label: heatTexts.heat.start, type: 'date', required: true, check: (v) => (v > todayInBerlin() ? heatTexts.heat.inFuture : null) },
      {
        name: 'end_date',
        label: heatTexts.heat.end,
        type: 'date',
        check: (v, all) => (v && all.start_date && v < all.start_date ? heatTexts.heat.endBeforeStart : null),
      },
      { name: 'notes', label: heatTexts.heat.notes, type: 'textarea', max: LIMITS.note },
    ],
    toBody: (v) => ({ start_date: v.start_date ?? '', end_date: v.end_date || null, notes: v.notes?.trim() || null }),
    label: (c) => formatDate(c.start_date),
    render: (c) => (
      <>
        <strong>{formatDate(c.start_date)}</strong>
        {c.end_date ? ` – ${formatDate(c.end_date)} (${heatTexts.heat.days(daysBetween(c.start_date, c.end_date) + 1)})` : ` · ${heatTexts.heat.running}`}
        {c.notes && <span class="muted"> · {c.notes}</span>}
      </>
    ),
    below: (c) => (owner ? <NotesToggle parentType="heat_cycle" parentId={c.id} /> : null),
  };
}

function HeatBody({ dogId, owner }: { dogId: number; owner: boolean }) {
  const state = useStore(session);
  const breeder = owner && state.status === 'user' && isBreeder(state.user);
  const [prediction, reloadPrediction] = useResource(apiGet('/api/dogs/{dogId}/heat-cycles/prediction', { params: { path: { dogId } } }));
  const [cycles, reloadCycles] = useResource(apiGet('/api/dogs/{dogId}/heat-cycles', { params: { path: { dogId }, query: { limit: 12 } } }));
  const today = todayInBerlin();
  const refresh = () => {
    reloadPrediction();
    reloadCycles();
  };
  const p = prediction.status === 'ready' ? prediction.data : null;
  const list = cycles.status === 'ready' ? cycles.data.items : [];
  const last = list[0];
  return (
    <>
      <section class="card" aria-labelledby="h-heat-next">
        <h2 id="h-heat-next">{heatTexts.heat.prediction}</h2>
        {p && <PredictionCard prediction={p} today={today} />}
        {p && last && <Timeline cycle={last} interval={p.mean_interval_days ?? 182} today={today} />}
        {breeder && (
          <p class="link-row">
            <a href={`/app/zucht?mutter=${dogId}`}>{heatTexts.heat.newLitter}</a>
          </p>
        )}
      </section>
      {p && <HeatCalendar cycles={list} prediction={p} today={today} />}
      <RecordSection def={cycleSection(owner, refresh)} dogId={dogId} />
    </>
  );
}

/** /app/hunde/:dogId/laeufigkeit: the prediction, the phases of the last cycle, a calendar and the cycles. */
export function HeatScreen({ params }: ScreenProps) {
  return (
    <DogPage dogId={Number(params.dogId)} title={heatTexts.heat.title} fallback={heatTexts.heat.fallback} className="heat">
      {(dog, owner) => (dog.sex === 'female' ? <HeatBody dogId={dog.id} owner={owner} /> : <p class="notice notice-info">{heatTexts.heat.onlyFemale}</p>)}
    </DogPage>
  );
}
