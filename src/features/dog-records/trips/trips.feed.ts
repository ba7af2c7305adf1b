import type { Db } from '#core/db/index.js';
import { RULES } from './travel-rules.data.js';
import { travelFactsOf, tripsOfDogs } from './trips.repo.js';
import { toTrip } from './trips.service.js';

/**
 * The trips for the calendar feed (decisions: Trips abroad): each trip from entry to return, and each open
 * window of its checks (the tapeworm treatment by the hour, the others by the day). Neutral items; the feed
 * writes them. Stable uids: the trip's id and the check's code.
 */
export type TripCalendarItem = {
  uid: string;
  summary: string;
  description: string;
  path: string;
  stamp: string;
} & ({ start: string; end: string } | { fromDay: string | null; untilDay: string });

export async function tripCalendarItems(db: Db, dogIds: readonly number[], since: string, now: Date): Promise<TripCalendarItem[]> {
  const rows = await tripsOfDogs(db, dogIds, since);
  const items: TripCalendarItem[] = [];
  const facts = new Map<number, Awaited<ReturnType<typeof travelFactsOf>>>();
  for (const row of rows) {
    if (!facts.has(row.dog_id)) facts.set(row.dog_id, await travelFactsOf(db, row.dog_id));
    const f = facts.get(row.dog_id);
    if (!f) continue;
    const trip = toTrip(row, f, now);
    const path = `/app/hunde/${row.dog_id}/reise`;
    const end = row.return_at ?? new Date(Date.parse(row.entry_at) + 3_600_000).toISOString();
    items.push({
      uid: `trip-${row.id}`,
      summary: `${row.dog_name}: Reise nach ${trip.country_name}`,
      description: trip.ready ? 'Alle Punkte erledigt.' : 'Noch nicht alles erledigt – siehe Reise in Pfotenbuch.',
      path,
      stamp: row.updated_at,
      start: row.entry_at,
      end,
    });
    for (const c of trip.checks) {
      if (c.status !== 'todo' || !c.window_until) continue;
      const base = { uid: `trip-${row.id}-${c.code}`, summary: `${row.dog_name}: ${RULES[c.code].label}`, description: c.message, path, stamp: row.updated_at };
      items.push(
        c.window_until.length > 10
          ? { ...base, start: c.window_from!, end: c.window_until }
          : { ...base, fromDay: c.window_from ?? null, untilDay: c.window_until },
      );
    }
  }
  return items;
}
