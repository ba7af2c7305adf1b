import type { Actor } from '#core/auth/session-user.js';
import { addDays, dateInZone, startOfDay } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { dogsInCare, walksOfDogsSince } from './walks.repo.js';

/** The Monday of the week of a calendar date (weeks run Monday to Sunday, ISO 8601). */
export function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7; // 0 = Monday
  return addDays(day, -weekday);
}

/**
 * Weekly totals per dog over the last `weeks` weeks in the app's time zone (the current one included, newest
 * first): walks, metres and minutes. Every dog the user owns or cares for, with every walk it went on — a
 * caregiver's walk counts for the dog too. A week without walks is listed with zeros, so charts have no gaps.
 */
export async function weeklyTotals(ctx: AppContext, actor: Actor, weeks: number) {
  const tz = ctx.config.timeZone;
  const thisMonday = mondayOf(dateInZone(ctx.clock.now(), tz));
  const starts = Array.from({ length: weeks }, (_, i) => addDays(thisMonday, -7 * i));
  const first = starts[starts.length - 1]!;
  const since = startOfDay(first, tz);
  const dogs = await dogsInCare(ctx.db, actor.id);
  const rows = dogs.length
    ? await walksOfDogsSince(
        ctx.db,
        dogs.map((g) => g.id),
        since,
      )
    : [];
  const totals = new Map<string, { walks: number; distance_m: number; duration_min: number }>();
  for (const r of rows) {
    const key = `${r.dog_id}|${mondayOf(dateInZone(new Date(r.started_at), tz))}`;
    const t = totals.get(key) ?? { walks: 0, distance_m: 0, duration_min: 0 };
    t.walks++;
    t.distance_m += r.distance_m ?? 0;
    t.duration_min += r.duration_min;
    totals.set(key, t);
  }
  return {
    dogs: dogs.map((dog) => ({
      dog_id: dog.id,
      name: dog.name,
      weeks: starts.map((week_start) => ({ week_start, ...(totals.get(`${dog.id}|${week_start}`) ?? { walks: 0, distance_m: 0, duration_min: 0 }) })),
    })),
  };
}
