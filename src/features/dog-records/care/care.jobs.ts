import { dateInZone } from '../../../core/clock.js';
import type { Job } from '../../../core/context.js';
import { idBatches } from '../../../core/id-batches.js';
import { caregiversOf } from '../health/index.js';
import { notify } from '../../accounts/notifications/index.js';
import { careTitle } from './care.labels.js';
import { routinesDueBy } from './care.repo.js';

const germanDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/**
 * Daily at 08:00: routines due today or overdue remind the owner and the caregivers, once per due date (the dedupe
 * key holds the routine and its next_due: a rerun sends nothing, ticking it off arms the next one). In batches.
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
        for (const userId of [r.user_id, ...(caregivers.get(r.dog_id) ?? [])]) {
          const note = await notify(
            ctx,
            userId,
            'care_due',
            { title, body, url: `/app/hunde/${r.dog_id}/pflege`, tag: `care-${r.id}` },
            { dedupeKey: `care:${r.id}:${due}:u${userId}` },
          );
          if (note) sent++;
        }
      }
    }
    return sent;
  },
};
