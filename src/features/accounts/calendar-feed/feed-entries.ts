import { addDays, dateInZone, germanDate, HOUR, wallClockIn } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { appUrlOf } from '#core/geo-items/index.js';
import { careTitle, scheduledRoutinesOf } from '../../dog-records/care/index.js';
import { listDogSummaries } from '../../dog-records/dogs/index.js';
import { medicationEndsOf, openVaccinationsOf, plannedVisitsOf, sharedDogRows } from '../../dog-records/health/index.js';
import { predictNextStart, startsOfDogs } from '../../dog-records/heat/index.js';
import { tripCalendarItems } from '../../dog-records/trips/index.js';
import { dogsUserJoined, events, eventsOfUser, playdates, playdatesOfUser, walkSlots, walkSlotsOfUser } from '../../map/nearby/index.js';
import { FEED_ZONE, WallTime } from './ical-time.js';

/**
 * What the feed lists (decisions: Calendar feed), as plain entries that feed-ics.ts writes with ical-generator.
 * Each entry's uid is its kind and row id (the heat prediction: the dog's id), so a calendar app that fetches
 * again updates the entry instead of adding a second one.
 */
export interface FeedEntry {
  /** Kind and id, e.g. `vaccination-12`; feed-ics.ts adds the host. */
  uid: string;
  summary: string;
  description: string;
  /** The app screen the entry belongs to (a path; the feed makes it absolute). */
  path: string;
  /** When the row last changed (DTSTAMP). */
  stamp: string;
  when: AllDay | Timed;
  place?: { name: string | null; lat: number; lon: number };
}

/** A whole day (VALUE=DATE), repeating every n days where a routine says so. */
export interface AllDay {
  day: string;
  everyDays?: number;
}

/** A time in Berlin (TZID=Europe/Berlin), weekly where a walk slot says so. */
export interface Timed {
  start: WallTime;
  end: WallTime;
  weekly?: boolean;
}

/** Past dates shown: a year back (a calendar app drops what leaves the feed). Due dates never leave while open. */
const PAST_DAYS = 365;
/** Rows per kind: far above a real account, a bound for a broken one. */
const MAX_ROWS = 2_000;
/** Playdates and events without an end are shown an hour long. */
const DEFAULT_LENGTH = HOUR;

/** An instant's wall-clock time in Berlin, to the minute (core/clock keeps the formatter: 50 µs to build one). */
const wallTimeOf = (instant: Date): WallTime => {
  const w = wallClockIn(instant, FEED_ZONE);
  return new WallTime(w.year, w.month, w.day, w.hour, w.minute);
};

const names = (list: string[]) => (list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} und ${list[list.length - 1]}`);

/** Every entry of the user's feed, in a fixed order (kind, then date or id). */
export async function feedEntries(ctx: AppContext, userId: number): Promise<FeedEntry[]> {
  const today = dateInZone(ctx.clock.now(), FEED_ZONE);
  const from = addDays(today, -PAST_DAYS);
  const [own, shared] = await Promise.all([listDogSummaries(ctx.db, userId), sharedDogRows(ctx.db, userId)]);
  // The dogs one looks after get their health and care dates too, as their reminders reach caregivers.
  const dogName = new Map([...own, ...shared].map((d) => [d.id, d.name]));
  const dogIds = [...dogName.keys()];
  const ownIds = own.map((d) => d.id);
  const [vaccinations, medications, appointments, starts, routines, playdateRows, eventRows, slots, trips] = await Promise.all([
    openVaccinationsOf(ctx.db, dogIds, MAX_ROWS),
    medicationEndsOf(ctx.db, dogIds, from, MAX_ROWS),
    plannedVisitsOf(ctx.db, dogIds, from, MAX_ROWS),
    // Heat reminders go to the owner only; so does the prediction.
    startsOfDogs(ctx.db, ownIds),
    scheduledRoutinesOf(ctx.db, dogIds, MAX_ROWS),
    playdatesOfUser(ctx.db, userId, `${from}T00:00:00.000Z`, MAX_ROWS),
    eventsOfUser(ctx.db, userId, `${from}T00:00:00.000Z`, MAX_ROWS),
    walkSlotsOfUser(ctx.db, userId, MAX_ROWS),
    tripCalendarItems(ctx.db, dogIds, `${from}T00:00:00.000Z`, ctx.clock.now()),
  ]);
  const joined = await dogsUserJoined(
    ctx.db,
    userId,
    playdateRows.map((p) => p.id),
  );
  const dogOf = (id: number) => dogName.get(id) ?? 'Dein Hund';
  const entries: FeedEntry[] = [];

  for (const v of vaccinations) {
    entries.push({
      uid: `vaccination-${v.id}`,
      summary: `${dogOf(v.dog_id)}: ${v.vaccine} auffrischen`,
      description: `Impfung gegen ${v.vaccine} fällig. Zuletzt geimpft am ${germanDate(v.date)}${v.vet_name ? ` (${v.vet_name})` : ''}.`,
      path: `/app/hunde/${v.dog_id}/gesundheit`,
      stamp: v.updated_at,
      when: { day: v.next_due! },
    });
  }
  for (const m of medications) {
    const dose = [m.dosage, m.schedule].filter(Boolean).join(', ');
    entries.push({
      uid: `medication-end-${m.id}`,
      summary: `${dogOf(m.dog_id)}: letzter Tag ${m.name}`,
      description: `${m.name}${dose ? ` (${dose})` : ''} seit ${germanDate(m.start_date)}; heute ist der letzte Tag.`,
      path: `/app/hunde/${m.dog_id}/gesundheit`,
      stamp: m.updated_at,
      when: { day: m.end_date! },
    });
  }
  for (const v of appointments) {
    entries.push({
      uid: `vet-appointment-${v.id}`,
      summary: `${dogOf(v.dog_id)}: Tierarzttermin`,
      description: [`${v.reason}.`, v.notes ?? ''].filter(Boolean).join('\n\n'),
      path: `/app/hunde/${v.dog_id}/gesundheit`,
      stamp: v.updated_at,
      // With its time of day, an hour long; without one, the whole day.
      when: v.time ? { start: wallTimeAt(v.date, v.time), end: hourLater(v.date, v.time) } : { day: v.date },
    });
  }
  for (const dogId of ownIds) {
    const dogStarts = starts.get(dogId) ?? [];
    const prediction = predictNextStart(dogStarts);
    if (!prediction.next_start || prediction.mean_interval_days === null) continue;
    const last = addDays(prediction.next_start, -prediction.mean_interval_days);
    const basis =
      prediction.based_on_cycles < 2
        ? `Bisher ist eine Läufigkeit eingetragen (Beginn ${germanDate(last)}). Bis mehr bekannt ist, rechnet Pfotenbuch mit ${prediction.mean_interval_days} Tagen bis zur nächsten.`
        : `Vorhersage aus den letzten ${prediction.based_on_cycles} Läufigkeiten: im Mittel ${prediction.mean_interval_days} Tage Abstand, zuletzt ab ${germanDate(last)}.`;
    entries.push({
      uid: `heat-prediction-${dogId}`,
      summary: `${dogOf(dogId)}: Läufigkeit erwartet`,
      description: `${basis} Jede Hündin ist anders: Das ist eine Schätzung, kein fester Termin.`,
      path: `/app/hunde/${dogId}/laeufigkeit`,
      // The prediction changes only when the starts do; the newest start stands in for "last changed".
      stamp: `${last}T00:00:00.000Z`,
      when: { day: prediction.next_start },
    });
  }
  for (const r of routines) {
    const title = careTitle(r.kind, r.label);
    const details = [
      `Alle ${r.intervall_tage} Tage.`,
      r.last_done ? `Zuletzt erledigt am ${germanDate(r.last_done)}.` : '',
      r.product ? `Mittel: ${r.product}.` : '',
    ];
    entries.push({
      uid: `care-routine-${r.id}`,
      summary: `${dogOf(r.dog_id)}: ${title}`,
      description: details.filter(Boolean).join(' '),
      path: `/app/hunde/${r.dog_id}/pflege`,
      stamp: r.updated_at,
      when: { day: r.next_due!, everyDays: r.intervall_tage },
    });
  }
  for (const p of playdateRows) {
    const dogs = joined.filter((j) => j.playdate_id === p.id).map((j) => j.dog_name);
    const start = new Date(p.starts_at);
    entries.push({
      uid: `playdate-${p.id}`,
      summary: dogs.length ? `Spieltreffen mit ${names(dogs)}: ${p.title}` : `Spieltreffen: ${p.title}`,
      description: [p.description ?? '', p.user_id === userId ? 'Du hast dieses Treffen angelegt.' : ''].filter(Boolean).join('\n\n'),
      path: appUrlOf(playdates, p.id),
      stamp: p.updated_at,
      when: { start: wallTimeOf(start), end: wallTimeOf(new Date(start.getTime() + DEFAULT_LENGTH)) },
      place: { name: p.place_name, lat: p.lat, lon: p.lon },
    });
  }
  for (const e of eventRows) {
    const start = new Date(e.starts_at);
    entries.push({
      uid: `event-${e.id}`,
      summary: `Veranstaltung: ${e.title}`,
      description: e.description ?? '',
      path: appUrlOf(events, e.id),
      stamp: e.updated_at,
      when: { start: wallTimeOf(start), end: wallTimeOf(e.ends_at ? new Date(e.ends_at) : new Date(start.getTime() + DEFAULT_LENGTH)) },
      place: { name: e.place_name, lat: e.lat, lon: e.lon },
    });
  }
  for (const s of slots) {
    const day = firstWeekdayFrom(dateInZone(new Date(s.created_at), FEED_ZONE), s.weekday);
    entries.push({
      uid: `walk-slot-${s.id}`,
      summary: s.dog_name ? `Gassizeit mit ${s.dog_name}` : 'Gassizeit',
      description: s.place_name ? `Deine feste Gassizeit: ${s.place_name}.` : 'Deine feste Gassizeit.',
      path: appUrlOf(walkSlots, s.id),
      stamp: s.updated_at,
      when: { start: wallTimeAt(day, s.start_time), end: wallTimeAt(day, s.end_time), weekly: true },
      place: { name: s.place_name, lat: s.lat, lon: s.lon },
    });
  }
  for (const t of trips) {
    const when: AllDay | Timed =
      'start' in t
        ? { start: wallTimeOf(new Date(t.start)), end: wallTimeOf(new Date(t.end)) }
        : t.fromDay
          ? { start: wallTimeAt(t.fromDay, '0:00'), end: wallTimeAt(t.untilDay, '23:59') }
          : { day: t.untilDay };
    entries.push({ uid: t.uid, summary: t.summary, description: t.description, path: t.path, stamp: t.stamp, when });
  }
  return entries;
}

/**
 * The first day on or after `day` that falls on `weekday` (0 = Monday … 6 = Sunday, as walk slots count). A slot's
 * series starts in the week it was made, so its first date stays the same from fetch to fetch.
 */
export function firstWeekdayFrom(day: string, weekday: number): string {
  const mondayBased = (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, (weekday - mondayBased + 7) % 7);
}

function wallTimeAt(day: string, time: string): WallTime {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return new WallTime(year, month, date, hour, minute);
}

/** An hour after `time` on `day`, into the next day past 23:00 (an appointment's end). */
function hourLater(day: string, time: string): WallTime {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const next = hour + 1;
  return next < 24 ? wallTimeAt(day, `${next}:${minute}`) : wallTimeAt(addDays(day, 1), `0:${minute}`);
}
