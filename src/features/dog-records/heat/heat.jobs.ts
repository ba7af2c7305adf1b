import { addDays, dateInZone, germanDate } from '#core/clock.js';
import type { Job } from '#core/context.js';
import { idBatches } from '#core/id-batches.js';
import { notify } from '../../accounts/notifications/index.js';
import { cyclesStartedOn, femaleDogsWithCycles, startsOfDogs } from './heat.repo.js';
import { FOLLOW_UP_DAYS, predictNextStart } from './prediction.js';

/** Reminders this many days before the predicted start (decisions, Per-dog records). */
export const HEAT_LEADS = [7, 1] as const;

/**
 * Daily at 08:00: 7 days and 1 day before a female dog's predicted heat, and about 63 days after a cycle began (a
 * possible phantom pregnancy). To the owner, once each: the dedupe key names the dog, the predicted day and the
 * lead (or the cycle), so a rerun or a second instance sends nothing, and a new cycle that moves the prediction
 * arms the reminders again. Dogs are walked in batches of 500 (memory stays flat however many there are).
 */
export const heatRemindersJob: Job = {
  name: 'heat.reminders',
  schedule: '0 8 * * *',
  async run(ctx) {
    const today = dateInZone(ctx.clock.now(), ctx.config.timeZone);
    let sent = 0;
    for await (const dogs of idBatches((afterId, size) => femaleDogsWithCycles(ctx.db, afterId, size))) {
      const starts = await startsOfDogs(
        ctx.db,
        dogs.map((d) => d.id),
      );
      for (const dog of dogs) {
        const { next_start } = predictNextStart(starts.get(dog.id) ?? []);
        const lead = HEAT_LEADS.find((days) => next_start !== null && addDays(today, days) === next_start);
        if (!next_start || lead === undefined) continue;
        const title = lead === 1 ? `${dog.name}: Läufigkeit ab morgen erwartet` : `${dog.name}: Läufigkeit in etwa ${lead} Tagen`;
        const body = `Nach den bisherigen Zyklen beginnt die nächste Läufigkeit voraussichtlich am ${germanDate(next_start)}. Das ist eine Schätzung – jede Hündin ist anders.`;
        const url = `/app/hunde/${dog.id}/laeufigkeit`;
        const note = await notify(
          ctx,
          dog.user_id,
          'heat_cycle',
          { title, body, url, tag: `heat-${dog.id}` },
          { dedupeKey: `heat:${dog.id}:${next_start}:${lead}` },
        );
        if (note) sent++;
      }
    }
    const started = addDays(today, -FOLLOW_UP_DAYS);
    for await (const cycles of idBatches((afterId, size) => cyclesStartedOn(ctx.db, started, afterId, size))) {
      for (const c of cycles) {
        const note = await notify(
          ctx,
          c.user_id,
          'heat_cycle',
          {
            title: `${c.dog_name}: an Scheinschwangerschaft denken`,
            body: 'Die Läufigkeit ist etwa neun Wochen her. Wird sie anhänglich, baut ein Nest oder hat Milch, sprich mit deiner Tierarztpraxis.',
            url: `/app/hunde/${c.dog_id}/laeufigkeit`,
            tag: `heat-followup-${c.id}`,
          },
          { dedupeKey: `heat-followup:${c.id}` },
        );
        if (note) sent++;
      }
    }
    return sent;
  },
};
