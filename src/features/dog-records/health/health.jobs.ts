import { addDays, dateInZone, germanDate } from '#core/clock.js';
import type { AppContext, Job } from '#core/context.js';
import { idBatches } from '#core/id-batches.js';
import { notify } from '../../accounts/notifications/index.js';
import { remindOverdueStep } from '#core/records/overdue-reminders.js';
import { caregiversOf, medicationsEndingOn, plannedVisitsOn, vaccinationsDueOn, vaccinationsOverdue } from './reminders.repo.js';

/** The early vaccination reminder, in days before next_due. */
export const VACCINATION_LEAD_DAYS = 14;

interface Reminder {
  type: 'vaccination_due' | 'medication_end' | 'vet_appointment';
  title: string;
  body: string;
  url: string;
  /** Names the occasion; with the user it makes each reminder once per person. */
  occasion: string;
}

/**
 * How a health reminder reaches a person: `notify` (the in-app row, and a push where they allow the kind).
 * True when it was new; the dedupe key makes a rerun send nothing.
 */
async function sendHealthReminder(ctx: AppContext, userId: number, r: Reminder): Promise<boolean> {
  const dedupeKey = `${r.occasion}:u${userId}`;
  return (await notify(ctx, userId, r.type, { title: r.title, body: r.body, url: r.url, tag: r.occasion }, { dedupeKey })) !== null;
}

/** Owner and accepted caregivers of each dog get the reminder, once each (dedupe key per person). */
async function remindAll<Row extends { id: number; dog_id: number; user_id: number }>(
  ctx: AppContext,
  fetch: (afterId: number, size: number) => Promise<Row[]>,
  reminderOf: (row: Row) => Reminder,
  /** Where a row keeps a schedule (the overdue steps): sends through it; without one, every row is sent. */
  schedule?: (row: Row, send: (reminder: Reminder) => Promise<number>) => Promise<number>,
): Promise<number> {
  let sent = 0;
  for await (const rows of idBatches(fetch)) {
    const caregivers = await caregiversOf(
      ctx.db,
      rows.map((r) => r.dog_id),
    );
    for (const row of rows) {
      const sendToAll = async (reminder: Reminder) => {
        let told = 0;
        for (const userId of [row.user_id, ...(caregivers.get(row.dog_id) ?? [])]) if (await sendHealthReminder(ctx, userId, reminder)) told++;
        return told;
      };
      sent += schedule ? await schedule(row, sendToAll) : await sendToAll(reminderOf(row));
    }
  }
  return sent;
}

type DueVaccination = { id: number; dog_id: number; vaccine: string; next_due: string | null; dog_name: string };

/** The early reminder, 14 days ahead of `next_due`. */
function vaccinationLeadReminder(v: DueVaccination): Reminder {
  const due = v.next_due ?? '';
  return {
    type: 'vaccination_due',
    url: `/app/hunde/${v.dog_id}/gesundheit`,
    title: `${v.dog_name}: ${v.vaccine} in ${VACCINATION_LEAD_DAYS} Tagen`,
    body: `Die Impfung ${v.vaccine} ist am ${germanDate(due)} fällig. Jetzt ist ein guter Moment für einen Termin.`,
    occasion: `vaccination_due:${v.id}:${due}:${VACCINATION_LEAD_DAYS}`,
  };
}

/** The reminder of a due vaccination at overdue step `step`: on the due day itself "heute fällig", later "überfällig". */
function vaccinationDueReminder(v: DueVaccination, today: string, step: number): Reminder {
  const due = v.next_due ?? today;
  const base = { type: 'vaccination_due' as const, url: `/app/hunde/${v.dog_id}/gesundheit` };
  // Step 0 keeps the due day's key of before, so the day's reminder is not sent twice across the change.
  const occasion = `vaccination_due:${v.id}:${due}:${step === 0 ? '0' : `overdue${step}`}`;
  if (due === today)
    return {
      ...base,
      title: `${v.dog_name}: ${v.vaccine} ist heute fällig 💉`,
      body: `Die Impfung ${v.vaccine} ist heute fällig. Denk an einen Termin in der Praxis.`,
      occasion,
    };
  return {
    ...base,
    title: `${v.dog_name}: ${v.vaccine} ist überfällig`,
    body: `Die Impfung ${v.vaccine} war am ${germanDate(due)} fällig. Trag sie ein, sobald sie gemacht ist – dann hören diese Erinnerungen auf.`,
    occasion,
  };
}

/**
 * The reminder of a planned vet visit: the evening before (`eve`) or on the morning of the day. The occasion holds
 * the visit's date, so a moved appointment is reminded again for its new day.
 */
function appointmentReminder(v: { id: number; dog_id: number; reason: string; date: string; dog_name: string }, when: 'eve' | 'day'): Reminder {
  return {
    type: 'vet_appointment',
    title: when === 'eve' ? `${v.dog_name}: morgen Tierarzttermin` : `${v.dog_name}: heute Tierarzttermin 🩺`,
    body: when === 'eve' ? `Morgen, am ${germanDate(v.date)}: ${v.reason}.` : `Heute: ${v.reason}. Trag danach ein, was herauskam.`,
    url: `/app/hunde/${v.dog_id}/gesundheit`,
    occasion: `vet_appointment:${v.id}:${v.date}:${when}`,
  };
}

/** Planned vet visits on `day`, reminded to owner and caregivers. */
function remindAppointments(ctx: AppContext, day: string, when: 'eve' | 'day'): Promise<number> {
  return remindAll(
    ctx,
    (afterId, size) => plannedVisitsOn(ctx.db, day, afterId, size),
    (v) => appointmentReminder(v, when),
  );
}

/**
 * Daily at 18:00 Berlin time (decisions: appointments): planned vet visits of tomorrow, the evening before. The
 * morning reminder on the day comes with the 08:00 job.
 */
export const vetAppointmentEveJob: Job = {
  name: 'health.appointments-eve',
  schedule: '0 18 * * *',
  run: (ctx) => remindAppointments(ctx, addDays(dateInZone(ctx.clock.now(), ctx.config.timeZone), 1), 'eve'),
};

/**
 * Daily at 08:00 (decisions): vaccinations due in 14 days; due ones on the due day (or the first run after it, when
 * entered late), 7 days later, then every 30 days until a later vaccination of the same vaccine is recorded or the
 * owner dismisses it (core/records/overdue-schedule.ts; the step is stored, so a rerun sends nothing); medications
 * whose last day is today; and planned vet visits of today (their morning reminder). Each reminder once per person:
 * the dedupe key holds the record, its date and the occasion, so a moved due date arms the reminders again.
 */
export const healthRemindersJob: Job = {
  name: 'health.reminders',
  schedule: '0 8 * * *',
  async run(ctx) {
    const today = dateInZone(ctx.clock.now(), ctx.config.timeZone);
    const ahead = await remindAll(
      ctx,
      (afterId, size) => vaccinationsDueOn(ctx.db, [addDays(today, VACCINATION_LEAD_DAYS)], afterId, size),
      (v) => vaccinationLeadReminder(v),
    );
    const due = await remindAll(
      ctx,
      (afterId, size) => vaccinationsOverdue(ctx.db, today, afterId, size),
      (v) => vaccinationDueReminder(v, today, 0),
      (v, send) => remindOverdueStep(ctx, 'vaccinations', v, today, (step) => send(vaccinationDueReminder(v, today, step))),
    );
    const medications = await remindAll(
      ctx,
      (afterId, size) => medicationsEndingOn(ctx.db, today, afterId, size),
      (m): Reminder => ({
        type: 'medication_end',
        title: `${m.dog_name}: letzter Tag ${m.name}`,
        body: `Heute endet die Gabe von ${m.name}. Besprich mit der Praxis, ob es weitergeht.`,
        url: `/app/hunde/${m.dog_id}/gesundheit`,
        occasion: `medication_end:${m.id}:${m.end_date ?? ''}`,
      }),
    );
    const appointments = await remindAppointments(ctx, today, 'day');
    return ahead + due + medications + appointments;
  },
};
