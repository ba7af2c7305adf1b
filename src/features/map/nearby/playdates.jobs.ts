import { HOUR, MINUTE } from '#core/clock.js';
import type { Job } from '#core/context.js';
import { appUrlOf } from '#core/geo-items/index.js';
import { notify } from '../../accounts/notifications/index.js';
import { playdatesStartingBetween } from './nearby.repo.js';
import { playdates } from './playdates.js';

/** Every 15 minutes: the owners of participating dogs hear an hour before the start, once (dedupe key). */
export const playdateRemindersJob: Job = {
  name: 'playdates.reminders',
  schedule: '*/15 * * * *',
  async run(ctx) {
    const now = ctx.clock.now().getTime();
    const rows = await playdatesStartingBetween(ctx.db, new Date(now + 45 * MINUTE).toISOString(), new Date(now + HOUR + 15 * MINUTE).toISOString());
    let sent = 0;
    for (const r of rows) {
      const time = new Intl.DateTimeFormat('de-DE', { timeZone: ctx.config.timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(r.starts_at));
      const note = await notify(
        ctx,
        r.user_id,
        'playdate',
        { title: `Gleich: ${r.title}`, body: `Um ${time} Uhr geht's los.`, url: appUrlOf(playdates, r.id), tag: `playdate-${r.id}` },
        { dedupeKey: `playdate-reminder:${r.id}:u${r.user_id}` },
      );
      if (note) sent++;
    }
    return sent;
  },
};
