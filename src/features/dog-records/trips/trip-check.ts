import { addDays, HOUR } from '#core/clock.js';
import { rabiesValidity, MIN_AGE_DAYS, PRIMARY_WAIT_DAYS, type CountedShot } from './rabies-validity.js';
import { countryName, destinationOf, type RuleCode } from './travel-rules.data.js';
import { addMonths, berlinDay, germanDay, germanTime } from './trip-time.js';

/** Days far ahead (a validity, a sampling day) carry their year; the windows of the last days do not need one. */
const longDay = (day: string) => `${germanDay(day)} ${day.slice(0, 4)}`;

/**
 * THE trip check (decisions: Trips abroad): a planned trip against the dog's own records, one check per rule of
 * the destination (travel-rules.data.ts). Pure: everything it needs comes in, `now` included. `todo` is a step
 * still to do whose window is open or ahead; `blocked` cannot be met by the trip's date as planned (`ready_from`:
 * the first day the trip could start). Windows are instants (ISO) for the tapeworm, days for the others.
 */

export type CheckStatus = 'ok' | 'todo' | 'blocked';

export interface TripCheck {
  code: RuleCode;
  status: CheckStatus;
  message: string;
  window_from?: string;
  window_until?: string;
  ready_from?: string;
}

export interface TripInput {
  country: string;
  entry_at: string;
  return_at: string | null;
  tapeworm_treated_at: string | null;
  ahc_issued_on: string | null;
  titer_sampled_on: string | null;
  titer_result_iu_ml: number | null;
}

export interface DogInput {
  chip_number: string | null;
  chip_implanted_on: string | null;
  birth_date: string | null;
  pet_passport_number: string | null;
}

export interface CheckResult {
  ready: boolean;
  ready_from: string | null;
  checks: TripCheck[];
}

export const TAPEWORM_EARLIEST_H = 120;
export const TAPEWORM_LATEST_H = 24;
export const AHC_DAYS = 10;
export const TITER_MIN_IU = 0.5;

interface Ctx {
  trip: TripInput;
  dog: DogInput;
  rabies: { date: string; next_due: string | null }[];
  now: Date;
  today: string;
  entryDay: string;
  returnDay: string | null;
  name: string;
}

export function checkTrip(trip: TripInput, dog: DogInput, rabies: { date: string; next_due: string | null }[], now: Date): CheckResult {
  const entry = new Date(trip.entry_at);
  const c: Ctx = {
    trip,
    dog,
    rabies,
    now,
    today: berlinDay(now),
    entryDay: berlinDay(entry),
    returnDay: trip.return_at ? berlinDay(new Date(trip.return_at)) : null,
    name: countryName(trip.country),
  };
  const checks = destinationOf(trip.country).rules.map((code) => RUN[code](c));
  const blocked = checks.filter((k) => k.status === 'blocked').map((k) => k.ready_from ?? null);
  const readyFrom = blocked.length ? (blocked.includes(null) ? null : (blocked as string[]).sort().at(-1)!) : null;
  return { ready: checks.every((k) => k.status === 'ok'), ready_from: readyFrom, checks };
}

const RUN: Record<RuleCode, (c: Ctx) => TripCheck> = { chip, rabies: rabiesCheck, passport, ahc, tapeworm, titer };

function chip(c: Ctx): TripCheck {
  if (!c.dog.chip_number) return { code: 'chip', status: 'todo', message: 'Trag die Chipnummer deines Hundes ein. Ohne Mikrochip darf er nicht mit.' };
  return { code: 'chip', status: 'ok', message: `Chip ${c.dog.chip_number} ist eingetragen.` };
}

function passport(c: Ctx): TripCheck {
  if (c.dog.pet_passport_number) return { code: 'passport', status: 'ok', message: `EU-Heimtierausweis ${c.dog.pet_passport_number} ist eingetragen.` };
  return { code: 'passport', status: 'todo', message: 'Trag die Nummer des EU-Heimtierausweises ein (den Ausweis stellt deine Tierarztpraxis aus).' };
}

/** The shot that covers a day: the latest counted one whose validity began on or before it. */
function coveringShot(counted: CountedShot[], day: string): CountedShot | undefined {
  return counted.filter((s) => s.valid_from <= day).at(-1);
}

function rabiesCheck(c: Ctx): TripCheck {
  const { counted, ignored } = rabiesValidity(c.rabies, c.dog);
  const why = ignored.map((i) => ` Die Impfung vom ${longDay(i.date)} zählt nicht: ${i.reason}.`).join('');
  const latest = counted.at(-1);
  // The last shot's validity has not begun by entry: a primary vaccination too late.
  if (latest && latest.valid_from > c.entryDay && (!latest.next_due || latest.next_due >= latest.valid_from)) {
    const earlier = coveringShot(counted.slice(0, -1), c.entryDay);
    if (!earlier || !earlier.next_due || earlier.next_due < c.entryDay) {
      return {
        code: 'rabies',
        status: 'blocked',
        message: `Die Tollwutimpfung vom ${longDay(latest.date)} gilt erst ab ${longDay(latest.valid_from)} (${PRIMARY_WAIT_DAYS} Tage nach der Erstimpfung). Die Reise kann frühestens dann beginnen.${why}`,
        ready_from: latest.valid_from,
      };
    }
  }
  const shot = coveringShot(counted, c.entryDay);
  if (shot && !shot.next_due) {
    return {
      code: 'rabies',
      status: 'todo',
      message: `Trag bei der Tollwutimpfung vom ${longDay(shot.date)} ein, bis wann sie gilt („nächste Impfung“ im Ausweis).${why}`,
    };
  }
  if (shot?.next_due && shot.next_due >= c.entryDay) {
    const until = shot.next_due;
    if (c.returnDay && until < c.returnDay) {
      return renewBy(c, until, `Die Tollwutimpfung läuft am ${longDay(until)} ab, vor deiner Rückkehr am ${longDay(c.returnDay)}.`, why);
    }
    return { code: 'rabies', status: 'ok', message: `Tollwutimpfung gültig bis ${longDay(until)}.${why}`, window_until: until };
  }
  // Nothing valid at entry: still valid today means a booster in time (valid at once); otherwise a new primary.
  if (latest?.next_due && latest.next_due >= c.today) {
    return renewBy(
      c,
      latest.next_due < c.entryDay ? latest.next_due : c.entryDay,
      `Die Tollwutimpfung läuft am ${longDay(latest.next_due)} ab, vor der Einreise.`,
      why,
    );
  }
  return primaryNeeded(c, why);
}

/** A booster before `until` keeps the protection without a new wait. */
function renewBy(c: Ctx, until: string, lead: string, why: string): TripCheck {
  if (c.today > until) return primaryNeeded(c, why);
  return {
    code: 'rabies',
    status: 'todo',
    message: `${lead} Lass sie spätestens am ${longDay(until)} auffrischen, dann gilt sie sofort weiter.${why}`,
    window_until: until,
  };
}

/** No valid vaccination: a primary one now, valid after 21 days, the dog at least 12 weeks old on its day. */
function primaryNeeded(c: Ctx, why: string): TripCheck {
  const earliestShot = c.dog.birth_date && addDays(c.dog.birth_date, MIN_AGE_DAYS) > c.today ? addDays(c.dog.birth_date, MIN_AGE_DAYS) : c.today;
  const latestShot = addDays(c.entryDay, -PRIMARY_WAIT_DAYS);
  if (earliestShot <= latestShot) {
    return {
      code: 'rabies',
      status: 'todo',
      message: `Dein Hund braucht eine Tollwutimpfung – spätestens am ${longDay(latestShot)}, denn sie gilt erst ${PRIMARY_WAIT_DAYS} Tage danach.${why}`,
      window_from: earliestShot,
      window_until: latestShot,
    };
  }
  const from = addDays(earliestShot, PRIMARY_WAIT_DAYS);
  return {
    code: 'rabies',
    status: 'blocked',
    message: `Ohne gültige Tollwutimpfung geht es nicht: geimpft ab ${longDay(earliestShot)}, könnte die Reise frühestens am ${longDay(from)} beginnen.${why}`,
    ready_from: from,
  };
}

function tapeworm(c: Ctx): TripCheck {
  const entry = Date.parse(c.trip.entry_at);
  const from = new Date(entry - TAPEWORM_EARLIEST_H * HOUR);
  const until = new Date(entry - TAPEWORM_LATEST_H * HOUR);
  const window = { window_from: from.toISOString(), window_until: until.toISOString() };
  const span = `zwischen ${germanTime(from)} und ${germanTime(until)}`;
  const treated = c.trip.tapeworm_treated_at ? Date.parse(c.trip.tapeworm_treated_at) : null;
  if (treated !== null && treated >= from.getTime() && treated <= until.getTime()) {
    return { code: 'tapeworm', status: 'ok', message: `Bandwurmbehandlung am ${germanTime(new Date(treated))} – passt zur Einreise.`, ...window };
  }
  const outside = treated !== null ? `Die Behandlung am ${germanTime(new Date(treated))} liegt außerhalb des Fensters. ` : '';
  if (c.now.getTime() <= until.getTime()) {
    return { code: 'tapeworm', status: 'todo', message: `${outside}Bandwurmbehandlung beim Tierarzt ${span}.`, ...window };
  }
  const readyFrom = berlinDay(new Date(c.now.getTime() + TAPEWORM_LATEST_H * HOUR + HOUR));
  return {
    code: 'tapeworm',
    status: 'blocked',
    message: `${outside}Das Fenster für die Bandwurmbehandlung (${span}) ist vorbei. Verschiebe die Einreise.`,
    ...window,
    ready_from: readyFrom,
  };
}

function ahc(c: Ctx): TripCheck {
  const from = addDays(c.entryDay, -AHC_DAYS);
  const window = { window_from: from, window_until: c.entryDay };
  const issued = c.trip.ahc_issued_on;
  if (issued && issued >= from && issued <= c.entryDay) {
    return { code: 'ahc', status: 'ok', message: `Tiergesundheitsbescheinigung vom ${germanDay(issued)} – passt.`, ...window };
  }
  const outside = issued ? `Die Bescheinigung vom ${germanDay(issued)} liegt außerhalb der ${AHC_DAYS} Tage vor der Einreise. ` : '';
  if (c.today <= c.entryDay) {
    return {
      code: 'ahc',
      status: 'todo',
      message: `${outside}Tiergesundheitsbescheinigung beim Amtstierarzt zwischen ${germanDay(from)} und ${germanDay(c.entryDay)} ausstellen lassen.`,
      ...window,
    };
  }
  return { code: 'ahc', status: 'blocked', message: `${outside}Die Einreise ist vorbei.`, ...window, ready_from: c.today };
}

function titer(c: Ctx): TripCheck {
  const listed = destinationOf(c.trip.country).listed;
  if (listed === 'unknown') {
    return {
      code: 'titer',
      status: 'todo',
      message: `Ob für die Rückkehr aus ${c.name} ein Tollwut-Antikörpertest nötig ist, wissen wir nicht sicher. Prüf es vor der Reise (Anhang II der Verordnung (EU) Nr. 577/2013).`,
    };
  }
  const shots = rabiesValidity(c.rabies, c.dog).counted;
  const firstSample = shots.length ? addDays(shots[0]!.date, 30) : null;
  const lastSample = addDays(c.entryDay, -1);
  const window = firstSample ? { window_from: firstSample, window_until: lastSample } : { window_until: lastSample };
  const { titer_sampled_on: sampled, titer_result_iu_ml: result } = c.trip;
  if (sampled && result !== null) {
    const afterShot = shots.some((s) => addDays(s.date, 30) <= sampled);
    const inTime = sampled < c.entryDay || (c.returnDay !== null && sampled <= addMonths(c.returnDay, -3));
    if (result >= TITER_MIN_IU && afterShot && inTime) {
      return {
        code: 'titer',
        status: 'ok',
        message: `Antikörpertest vom ${longDay(sampled)}: ${String(result).replace('.', ',')} IE/ml – reicht für die Rückkehr.`,
        ...window,
      };
    }
    const problem =
      result < TITER_MIN_IU
        ? `das Ergebnis liegt unter ${String(TITER_MIN_IU).replace('.', ',')} IE/ml`
        : !afterShot
          ? 'das Blut wurde keine 30 Tage nach einer gültigen Impfung entnommen'
          : 'das Blut wurde nach der Ausreise und keine 3 Monate vor der Rückkehr entnommen';
    return {
      code: 'titer',
      status: 'blocked',
      message: `Der Antikörpertest vom ${longDay(sampled)} reicht nicht: ${problem}.`,
      ...window,
      ready_from: addDays(c.today, 31),
    };
  }
  const lead = `${c.name} steht nicht auf der EU-Liste: für die Rückkehr braucht dein Hund einen Tollwut-Antikörpertest (mind. ${String(TITER_MIN_IU).replace('.', ',')} IE/ml).`;
  if (c.today <= lastSample && (!firstSample || firstSample <= lastSample)) {
    return {
      code: 'titer',
      status: 'todo',
      message: `${lead} Lass das Blut vor der Abreise entnehmen${firstSample ? `, frühestens am ${longDay(firstSample)}` : ''}.`,
      ...window,
    };
  }
  return {
    code: 'titer',
    status: 'blocked',
    message: `${lead} Ohne Test vor der Abreise muss die Blutentnahme mindestens 3 Monate vor der Rückkehr liegen.`,
    ...window,
    ready_from: addDays(c.today, 30),
  };
}
