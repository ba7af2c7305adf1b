import { DAY, HOUR } from '#core/clock.js';
import type { Job } from '#core/context.js';
import { idBatches } from '#core/id-batches.js';
import { notify } from '../../accounts/notifications/index.js';
import { caregiversOf } from '../health/index.js';
import { RULES } from './travel-rules.data.js';
import { berlinDay } from './trip-time.js';
import { travelFactsOf, tripsEnteringBetween } from './trips.repo.js';
import { toTrip } from './trips.service.js';

/** Trips entering within this many days are looked at (the earliest window, a primary vaccination, opens 21 days ahead). */
const AHEAD_DAYS = 60;
/** Windows that announce their opening (decisions: the tapeworm treatment and the health certificate). */
const OPENING: ReadonlySet<string> = new Set(['tapeworm', 'ahc']);

/** A window edge is an instant (tapeworm) or a day (the others): "has it come" read the same way for both. */
function reached(edge: string, now: Date, earlierBy = 0): boolean {
  if (edge.length > 10) return now.getTime() >= Date.parse(edge) - earlierBy;
  return berlinDay(new Date(now.getTime() + earlierBy)) >= edge;
}
const passed = (edge: string, now: Date) => (edge.length > 10 ? now.getTime() >= Date.parse(edge) : berlinDay(now) > edge);

/**
 * Hourly at :07: for each open step of a trip ahead, a reminder (kind `trip`) when its window opens and 3 days
 * before it closes, to the owner and the caregivers. Each is sent once: the dedupe key holds the trip, the step,
 * the window edge and the user, so a rerun or a second instance sends nothing, and a moved trip arms new ones.
 */
export const tripRemindersJob: Job = {
  name: 'trips.reminders',
  schedule: '7 * * * *',
  async run(ctx) {
    const now = ctx.clock.now();
    let sent = 0;
    const from = now.toISOString();
    const until = new Date(now.getTime() + AHEAD_DAYS * DAY).toISOString();
    for await (const rows of idBatches((afterId, size) => tripsEnteringBetween(ctx.db, from, until, afterId, size))) {
      const caregivers = await caregiversOf(
        ctx.db,
        rows.map((r) => r.dog_id),
      );
      for (const row of rows) {
        const facts = await travelFactsOf(ctx.db, row.dog_id);
        if (!facts) continue;
        const trip = toTrip(row, facts, now);
        for (const check of trip.checks) {
          if (check.status !== 'todo' || !check.window_until || passed(check.window_until, now)) continue;
          const label = RULES[check.code].label;
          const notes: { key: string; title: string }[] = [];
          if (OPENING.has(check.code) && check.window_from && reached(check.window_from, now))
            notes.push({ key: `open:${check.window_from}`, title: `${facts.dog.name}: jetzt ist die Zeit für die ${label}` });
          if (reached(check.window_until, now, 3 * DAY - (check.window_until.length > 10 ? 0 : HOUR)))
            notes.push({ key: `closing:${check.window_until}`, title: `${facts.dog.name}: ${label} – nur noch wenige Tage` });
          for (const n of notes)
            for (const userId of [facts.dog.user_id, ...(caregivers.get(row.dog_id) ?? [])]) {
              const note = await notify(
                ctx,
                userId,
                'trip',
                { title: n.title, body: check.message, url: `/app/hunde/${row.dog_id}/reise`, tag: `trip-${row.id}-${check.code}` },
                { dedupeKey: `trip:${row.id}:${check.code}:${n.key}:u${userId}` },
              );
              if (note) sent++;
            }
        }
      }
    }
    return sent;
  },
};
