import { addDays, dateInZone, germanDate } from '../../../core/clock.js';
import type { AppContext, Job } from '../../../core/context.js';
import { idBatches } from '../../../core/id-batches.js';
import { notify } from '../../accounts/notifications/index.js';
import { caregiversOf, medicationsEndingOn, plannedVisitsOn, vaccinationsDueOn } from './reminders.repo.js';

/** The early vaccination reminder, in days before next_due. */
export const VACCINATION_LEAD_DAYS = 14;
/** While a vaccination stays overdue, a reminder every 7 days after the due date, for a year at most. */
const OVERDUE_EVERY_DAYS = 7;
const OVERDUE_WEEKS = 52;

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
): Promise<number> {
  let sent = 0;
  for await (const rows of idBatches(fetch)) {
    const caregivers = await caregiversOf(
      ctx.db,
      rows.map((r) => r.dog_id),
    );
    for (const row of rows) {
      const reminder = reminderOf(row);
      for (const userId of [row.user_id, ...(caregivers.get(row.dog_id) ?? [])]) if (await sendHealthReminder(ctx, userId, reminder)) sent++;
    }
  }
  return sent;
}

/** The reminder of a vaccination due on `next_due`, seen on `today`: 14 days ahead, on the day, or overdue. */
function vaccinationReminder(v: { id: number; dog_id: number; vaccine: string; next_due: string | null; dog_name: string }, today: string): Reminder {
  const due = v.next_due ?? today;
  const base = { type: 'vaccination_due' as const, url: `/app/hunde/${v.dog_id}/gesundheit` };
  if (due > today)
    return {
      ...base,
      title: `${v.dog_name}: ${v.vaccine} in ${VACCINATION_LEAD_DAYS} Tagen`,
      body: `Die Impfung ${v.vaccine} ist am ${germanDate(due)} fällig. Jetzt ist ein guter Moment für einen Termin.`,
      occasion: `vaccination_due:${v.id}:${due}:${VACCINATION_LEAD_DAYS}`,
    };
  if (due === today)
    return {
      ...base,
      title: `${v.dog_name}: ${v.vaccine} ist heute fällig 💉`,
      body: `Die Impfung ${v.vaccine} ist heute fällig. Denk an einen Termin in der Praxis.`,
      occasion: `vaccination_due:${v.id}:${due}:0`,
    };
  return {
    ...base,
    title: `${v.dog_name}: ${v.vaccine} ist überfällig`,
    body: `Die Impfung ${v.vaccine} war am ${germanDate(due)} fällig. Trag sie ein, sobald sie gemacht ist – dann hören diese Erinnerungen auf.`,
    occasion: `vaccination_due:${v.id}:${due}:overdue:${today}`,
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
 * Daily at 08:00 (decisions): vaccinations due in 14 days, on the day, and every 7 days while overdue (until a
 * later vaccination of the same vaccine is recorded), medications whose last day is today, and planned vet visits of
 * today (their morning reminder). Each reminder once
 * per person: the dedupe key holds the record, its date and the occasion, so a rerun sends nothing and a moved due
 * date arms the reminders again.
 */
export const healthRemindersJob: Job = {
  name: 'health.reminders',
  schedule: '0 8 * * *',
  async run(ctx) {
    const today = dateInZone(ctx.clock.now(), ctx.config.timeZone);
    const overdueDays = Array.from({ length: OVERDUE_WEEKS }, (_, i) => addDays(today, -OVERDUE_EVERY_DAYS * (i + 1)));
    const days = [addDays(today, VACCINATION_LEAD_DAYS), today, ...overdueDays];
    const vaccinations = await remindAll(
      ctx,
      (afterId, size) => vaccinationsDueOn(ctx.db, days, afterId, size),
      (v) => vaccinationReminder(v, today),
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
    return vaccinations + medications + appointments;
  },
};
