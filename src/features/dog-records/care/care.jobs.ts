import { dateInZone, germanDate } from '#core/clock.js';
import type { Job } from '#core/context.js';
import { idBatches } from '#core/id-batches.js';
import { remindOverdueStep } from '#core/records/overdue-reminders.js';
import { caregiversOf } from '../health/index.js';
import { notify } from '../../accounts/notifications/index.js';
import { careTitle } from './care.labels.js';
import { routinesDueBy } from './care.repo.js';

/**
 * Daily at 08:00: a routine due today or overdue reminds the owner and the caregivers at the first run, 7 days later,
 * then every 30 days (core/records/overdue-schedule.ts), until ticked off (a new due date arms the next round) or
 * dismissed. The step is stored and each dedupe key holds it: a rerun or a second instance sends nothing. In batches.
 */
export const careRemindersJob: Job = {
  name: 'care.reminders',
  schedule: '0 8 * * *',
  async run(ctx) {
    const today = dateInZone(ctx.clock.now(), ctx.config.timeZone);
    let sent = 0;
    for await (const rows of idBatches((afterId, size) => routinesDueBy(ctx.db, today, afterId, size))) {
      const caregivers = await caregiversOf(
        ctx.db,
        rows.map((r) => r.dog_id),
      );
      for (const r of rows) {
        const what = careTitle(r.kind, r.label);
        const due = r.next_due ?? today;
        const title = due === today ? `${r.dog_name}: ${what} ist heute dran` : `${r.dog_name}: ${what} ist überfällig`;
        const body =
          due === today
            ? 'Tipp auf „Erledigt“, sobald es geschafft ist.'
            : `Fällig war es am ${germanDate(due)}. Tipp auf „Erledigt“, sobald es geschafft ist.`;
        sent += await remindOverdueStep(ctx, 'care_routines', r, today, async (step) => {
          let told = 0;
          for (const userId of [r.user_id, ...(caregivers.get(r.dog_id) ?? [])]) {
            const note = await notify(
              ctx,
              userId,
              'care_due',
              { title, body, url: `/app/hunde/${r.dog_id}/pflege`, tag: `care-${r.id}` },
              // Step 0 keeps the key of before (one reminder per due date), so the change sends nothing twice.
              { dedupeKey: step === 0 ? `care:${r.id}:${due}:u${userId}` : `care:${r.id}:${due}:overdue${step}:u${userId}` },
            );
            if (note) told++;
          }
          return told;
        });
      }
    }
    return sent;
  },
};
