import type { RecordBody } from '../../../core/api-types.js';
import { LIMITS } from '#shared/limits.js';
import { api } from '../../../core/api.js';
import { formatDate, formatKg, formatMoney, todayInBerlin } from '../../../core/format.js';
import { DismissReminderButton } from '../../../ui/dismiss-reminder.js';
import { NotesToggle } from '../notes/index.js';
import type { Allergy, Finding, Medication, Vaccination, VetVisit, Weight } from './health-api.js';
import type { SectionDef } from '../../../ui/record-section.js';
import { MarkVisitDone } from './appointments.js';
import { DoseButton } from '../doses/index.js';
import { COMBINATION_DISEASES, COMBINATIONS } from './vaccine-combinations.js';
import { BookExpenseButton } from './book-expense.js';
import { healthTexts } from './texts.js';
import { WeightChart } from './weight-chart.js';

/** The health tab's sections, one definition each (fields, body, how an item reads). */

const text = (v: string | undefined) => (v && v.trim() ? v.trim() : null);
const notFuture = (v: string) => (v && v > todayInBerlin() ? healthTexts.inFuture : null);
const decimal = (v: string) => Number(v.trim().replace(',', '.'));
const f = healthTexts.fields;
/**
 * Each list shows its newest records first and the rest with "Mehr anzeigen": ten years of records drawn in full
 * (20 per section with their buttons, the page 20,000 px tall) were the long main-thread tasks of the tab's load.
 */
const SHOW_FIRST = 5;

/**
 * Overdue: the due date has passed and no later vaccination with the same vaccine was recorded since (the newer
 * record carries the next date). The same rule as the server's reminders and dashboard.
 */
export function isOverdue(v: Vaccination, all: Vaccination[], today: string): boolean {
  if (!v.next_due || v.next_due >= today) return false;
  const same = (o: Vaccination) => o.vaccine.trim().toLowerCase() === v.vaccine.trim().toLowerCase();
  return !all.some((o) => o.id !== v.id && same(o) && (o.date > v.date || (o.date === v.date && o.id > v.id)));
}

export type Role = 'owner' | 'caregiver';

/** `onVisitsChange`: the visits changed (added, edited, marked done, removed), so "Nächster Termin" loads again. */
export function sectionDefs(role: Role, onVisitsChange?: () => void) {
  const owner = role === 'owner';
  const vaccinations: SectionDef<Vaccination, 'vaccinations'> = {
    key: 'impfungen',
    showFirst: SHOW_FIRST,
    title: healthTexts.sections.vaccinations,
    path: 'vaccinations',
    canAdd: owner,
    canEdit: owner,
    canRemove: owner,
    fields: [
      { name: 'vaccine', label: f.vaccine, required: true, max: LIMITS.title },
      { name: 'date', label: f.date, type: 'date', required: true, check: notFuture },
      { name: 'next_due', label: f.nextDue, type: 'date', check: (v, all) => (v && all.date && v < all.date ? healthTexts.dueBeforeDate : null) },
      { name: 'batch_number', label: f.batch, max: 100 },
      { name: 'vet_name', label: f.vetName, max: 200 },
      {
        name: 'combination',
        label: f.combination,
        type: 'select',
        options: COMBINATIONS.map(([value, label]) => ({ value, label })),
      },
    ],
    toBody: (v) => ({
      vaccine: (v.vaccine ?? '').trim(),
      date: v.date ?? '',
      next_due: v.next_due || null,
      batch_number: text(v.batch_number),
      vet_name: text(v.vet_name),
      // Without a pick the server reads the diseases from the vaccine's text.
      ...(v.combination ? { diseases: COMBINATION_DISEASES[v.combination] } : {}),
    }),
    label: (i) => i.vaccine,
    // Overdue and still reminded: the owner may end the reminders of this due date.
    actions: (v, reload) =>
      owner ? (
        <DismissReminderButton
          dismiss={() => api.POST('/api/dogs/{dogId}/vaccinations/{id}/dismiss-reminder', { params: { path: { dogId: v.dog_id, id: v.id } } })}
          nextDue={v.next_due}
          dismissedDue={v.reminder_dismissed_due}
          onDone={reload}
        />
      ) : null,
    render: (i, all) => (
      <>
        <strong>{i.vaccine}</strong> · {formatDate(i.date)}
        {i.next_due && isOverdue(i, all, todayInBerlin()) ? (
          <span class="tag tag-warning">{healthTexts.overdue(formatDate(i.next_due))}</span>
        ) : (
          i.next_due && <span class="muted"> · {healthTexts.dueOn(formatDate(i.next_due))}</span>
        )}
        {i.batch_number && <span class="muted"> · {i.batch_number}</span>}
      </>
    ),
  };
  const medications: SectionDef<Medication, 'medications'> = {
    key: 'medikamente',
    showFirst: SHOW_FIRST,
    title: healthTexts.sections.medications,
    path: 'medications',
    canAdd: owner,
    canEdit: owner,
    canRemove: owner,
    fields: [
      { name: 'name', label: f.medName, required: true, max: LIMITS.title },
      { name: 'dosage', label: f.dosage, max: LIMITS.title },
      { name: 'start_date', label: f.start, type: 'date', required: true },
      { name: 'end_date', label: f.end, type: 'date', check: (v, all) => (v && all.start_date && v < all.start_date ? healthTexts.endBeforeStart : null) },
      { name: 'schedule', label: f.schedule, max: 200 },
      { name: 'doses_per_day', label: f.dosesPerDay, max: 2, check: (v) => (v && !/^([1-9]|1[0-2])$/.test(v.trim()) ? f.dosesPerDayRange : null) },
      { name: 'stock', label: f.stock, max: 6, check: (v) => (v && !/^\d{1,6}$/.test(v.trim()) ? f.stockWhole : null) },
      { name: 'unit', label: f.unit, max: 40 },
    ],
    toBody: (v) => ({
      name: (v.name ?? '').trim(),
      dosage: text(v.dosage),
      start_date: v.start_date ?? '',
      end_date: v.end_date || null,
      schedule: text(v.schedule),
      doses_per_day: v.doses_per_day?.trim() ? Number(v.doses_per_day) : null,
      stock: v.stock?.trim() ? Number(v.stock) : null,
      unit: text(v.unit),
    }),
    label: (i) => i.name,
    // Owner and caregivers tick off doses (decisions: Doses and parasite plan).
    actions: (i, reload) => <DoseButton medication={i} onChange={reload} />,
    render: (i) => (
      <>
        <strong>{i.name}</strong>
        {i.dosage && <> · {i.dosage}</>}
        <span class="muted">
          {' '}
          · {healthTexts.since(formatDate(i.start_date))} · {i.end_date ? healthTexts.until(formatDate(i.end_date)) : healthTexts.running}
        </span>
        {i.schedule && <div class="muted">{i.schedule}</div>}
        {i.stock !== null && (
          <div class="muted">
            Vorrat: {i.stock} {i.unit ?? ''}
          </div>
        )}
      </>
    ),
  };
  const allergies: SectionDef<Allergy, 'allergies'> = {
    key: 'allergien',
    showFirst: SHOW_FIRST,
    title: healthTexts.sections.allergies,
    path: 'allergies',
    canAdd: owner,
    canEdit: owner,
    canRemove: owner,
    fields: [
      { name: 'allergen', label: f.allergen, required: true, max: LIMITS.title },
      { name: 'severity', label: f.severity, type: 'select', options: healthTexts.severityOptions },
      { name: 'reaction', label: f.reaction, type: 'textarea', max: LIMITS.note },
    ],
    toBody: (v) => ({ allergen: (v.allergen ?? '').trim(), severity: (v.severity || null) as RecordBody<'allergies'>['severity'], reaction: text(v.reaction) }),
    label: (i) => i.allergen,
    render: (i) => (
      <>
        <strong>{i.allergen}</strong>
        {i.severity && <> · {healthTexts.severity[i.severity]}</>}
        {i.reaction && <div class="muted">{i.reaction}</div>}
      </>
    ),
  };
  const weights: SectionDef<Weight, 'weights'> = {
    key: 'gewicht',
    title: healthTexts.sections.weights,
    path: 'weights',
    canAdd: true, // caregivers weigh too
    canEdit: true,
    canRemove: owner,
    limit: 200,
    showFirst: SHOW_FIRST,
    fields: [
      { name: 'date', label: f.date, type: 'date', required: true, check: notFuture },
      {
        name: 'weight_kg',
        label: f.weight,
        type: 'decimal',
        required: true,
        check: (v) => {
          const n = decimal(v);
          return Number.isFinite(n) && n > 0 && n <= 150 ? null : healthTexts.weightInvalid;
        },
      },
    ],
    toBody: (v) => ({ date: v.date ?? '', weight_kg: decimal(v.weight_kg ?? '') }),
    // Weighing happens on the go: without a connection the weight waits in the offline queue.
    queue: { kind: 'weight', label: (b) => healthTexts.queuedWeight(formatKg(Number(b.weight_kg)), formatDate(String(b.date))) },
    label: (i) => `${formatDate(i.date)}: ${formatKg(i.weight_kg)}`,
    render: (i) => (
      <>
        {formatDate(i.date)}: <strong>{formatKg(i.weight_kg)}</strong>
      </>
    ),
    extra: (items) => <WeightChart weights={items} />,
  };
  const visits: SectionDef<VetVisit, 'vet-visits'> = {
    key: 'besuche',
    showFirst: SHOW_FIRST,
    title: healthTexts.sections.visits,
    path: 'vet-visits',
    canAdd: owner,
    canEdit: owner,
    canRemove: owner,
    fields: [
      { name: 'status', label: healthTexts.visitStatus, type: 'select', options: healthTexts.statusOptions },
      // Only an appointment may lie ahead; a visit that took place may not (the server's rule too).
      {
        name: 'date',
        label: f.date,
        type: 'date',
        required: true,
        check: (v, all) => (all.status !== 'planned' && notFuture(v) ? healthTexts.visitInFuture : null),
      },
      { name: 'time', label: healthTexts.visitTime, type: 'time' },
      { name: 'reason', label: f.reason, required: true, max: LIMITS.title },
      { name: 'diagnosis', label: f.diagnosis, type: 'textarea', max: LIMITS.note },
      { name: 'treatment', label: f.treatment, type: 'textarea', max: LIMITS.note },
      { name: 'cost', label: f.cost, type: 'decimal', check: (v) => (!v.trim() || /^\d{1,7}([.,]\d{1,2})?$/.test(v.trim()) ? null : healthTexts.costInvalid) },
    ],
    toValues: (i) => ({
      status: i.status === 'planned' ? 'planned' : '',
      date: String(i.date ?? ''),
      time: String(i.time ?? ''),
      reason: String(i.reason ?? ''),
      diagnosis: String(i.diagnosis ?? ''),
      treatment: String(i.treatment ?? ''),
      cost: typeof i.cost_cents === 'number' ? (i.cost_cents / 100).toFixed(2).replace('.', ',') : '',
    }),
    toBody: (v) => ({
      status: v.status === 'planned' ? 'planned' : 'done',
      date: v.date ?? '',
      time: v.time?.trim() ? v.time.trim() : null,
      reason: (v.reason ?? '').trim(),
      diagnosis: text(v.diagnosis),
      treatment: text(v.treatment),
      cost_cents: v.cost?.trim() ? Math.round(decimal(v.cost) * 100) : null,
    }),
    below: (v) => (owner ? <NotesToggle parentType="vet_visit" parentId={v.id} /> : null),
    actions: (v, reload) =>
      !owner ? null : v.status === 'planned' ? (
        <MarkVisitDone
          visit={v}
          onDone={() => {
            reload();
            onVisitsChange?.();
          }}
        />
      ) : (
        <BookExpenseButton visit={v} />
      ),
    onChange: onVisitsChange,
    label: (i) => i.reason,
    render: (i) => (
      <>
        {i.status === 'planned' && (
          <>
            <span class="tag">{healthTexts.plannedTag}</span>{' '}
          </>
        )}
        <strong>{i.reason}</strong> · {formatDate(i.date)}
        {i.time && <> · {healthTexts.atTime(i.time)}</>}
        {i.status === 'done' && i.planned_date && i.planned_date !== i.date && (
          <span class="muted"> ({healthTexts.plannedFor(formatDate(i.planned_date))})</span>
        )}
        {i.cost_cents !== null && <span class="muted"> · {formatMoney(i.cost_cents)}</span>}
        {i.diagnosis && <div class="muted">{i.diagnosis}</div>}
      </>
    ),
  };
  const findings: SectionDef<Finding, 'findings'> = {
    key: 'befunde',
    showFirst: SHOW_FIRST,
    title: healthTexts.sections.findings,
    path: 'findings',
    canAdd: owner,
    canEdit: owner,
    canRemove: owner,
    fields: [
      { name: 'date', label: f.date, type: 'date', required: true, check: notFuture },
      { name: 'title', label: f.findingTitle, required: true, max: LIMITS.title },
      { name: 'text', label: f.findingText, type: 'textarea', max: LIMITS.body },
    ],
    toBody: (v) => ({ date: v.date ?? '', title: (v.title ?? '').trim(), text: text(v.text) }),
    label: (i) => i.title,
    render: (i) => (
      <>
        <strong>{i.title}</strong> · {formatDate(i.date)}
        {i.text && <div class="muted">{i.text}</div>}
      </>
    ),
  };
  return { vaccinations, medications, allergies, weights, visits, findings };
}
