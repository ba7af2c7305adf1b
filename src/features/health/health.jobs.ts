import { addDays, dateInZone, germanDate } from '../../core/clock.js';
import type { AppContext, Job } from '../../core/context.js';
import { notify } from '../notifications/index.js';
import { caregiversOf, medicationsEndingOn, vaccinationsDueOn } from './reminders.repo.js';

const BATCH = 500;
/** The early vaccination reminder, in days before next_due. */
export const VACCINATION_LEAD_DAYS = 14;

interface Reminder {
  type: 'vaccination_due' | 'medication_end';
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
  fetch: (afterId: number) => Promise<Row[]>,
  reminderOf: (row: Row) => Reminder,
): Promise<number> {
  let sent = 0;
  let afterId = 0;
  for (;;) {
    const rows = await fetch(afterId);
    if (rows.length === 0) break;
    const caregivers = await caregiversOf(
      ctx.db,
      rows.map((r) => r.dog_id),
    );
    for (const row of rows) {
      const reminder = reminderOf(row);
      for (const userId of [row.user_id, ...(caregivers.get(row.dog_id) ?? [])]) if (await sendHealthReminder(ctx, userId, reminder)) sent++;
    }
    afterId = rows[rows.length - 1]?.id ?? afterId;
    if (rows.length < BATCH) break;
  }
  return sent;
}

/**
 * Daily at 08:00 (decisions): vaccinations due in 14 days and on the day, and medications whose last day is today.
 * Each reminder once per person: the dedupe key holds the record, its date and the lead, so a rerun sends nothing
 * and a moved due date arms the reminders again.
 */
export const healthRemindersJob: Job = {
  name: 'health.reminders',
  schedule: '0 8 * * *',
  async run(ctx) {
    const today = dateInZone(ctx.clock.now(), ctx.config.timeZone);
    const early = addDays(today, VACCINATION_LEAD_DAYS);
    const vaccinations = await remindAll(
      ctx,
      (afterId) => vaccinationsDueOn(ctx.db, [today, early], afterId, BATCH),
      (v): Reminder => {
        const onTheDay = v.next_due === today;
        return {
          type: 'vaccination_due',
          title: onTheDay ? `${v.dog_name}: ${v.vaccine} ist heute fällig 💉` : `${v.dog_name}: ${v.vaccine} in ${VACCINATION_LEAD_DAYS} Tagen`,
          body: onTheDay
            ? `Die Impfung ${v.vaccine} ist heute fällig. Denk an einen Termin in der Praxis.`
            : `Die Impfung ${v.vaccine} ist am ${germanDate(v.next_due ?? today)} fällig. Jetzt ist ein guter Moment für einen Termin.`,
          url: `/app/hunde/${v.dog_id}/gesundheit`,
          occasion: `vaccination_due:${v.id}:${v.next_due ?? ''}:${onTheDay ? 0 : VACCINATION_LEAD_DAYS}`,
        };
      },
    );
    const medications = await remindAll(
      ctx,
      (afterId) => medicationsEndingOn(ctx.db, today, afterId, BATCH),
      (m): Reminder => ({
        type: 'medication_end',
        title: `${m.dog_name}: letzter Tag ${m.name}`,
        body: `Heute endet die Gabe von ${m.name}. Besprich mit der Praxis, ob es weitergeht.`,
        url: `/app/hunde/${m.dog_id}/gesundheit`,
        occasion: `medication_end:${m.id}:${m.end_date ?? ''}`,
      }),
    );
    return vaccinations + medications;
  },
};
