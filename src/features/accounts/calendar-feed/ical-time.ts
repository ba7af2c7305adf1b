import type { ICalTemporalInstantStub, ICalTemporalPlainDateStub, ICalTemporalPlainDateTimeStub, ICalTemporalZonedDateTimeStub } from 'ical-generator';
import { zonedInstant } from '#core/clock.js';

/** The feed's one time zone (decisions: timed items carry TZID=Europe/Berlin with its VTIMEZONE). */
export const FEED_ZONE = 'Europe/Berlin';

/**
 * Europe/Berlin as RFC 5545 writes it: CET/CEST with the EU rule in force since 1996 (summer time from the last
 * Sunday of March, 02:00, to the last Sunday of October, 03:00). ical-generator has no time-zone database; it asks
 * a generator for the block of each zone the events name.
 */
const BERLIN_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'X-LIC-LOCATION:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

export function vtimezoneOf(zone: string): string | null {
  return zone === FEED_ZONE ? BERLIN_VTIMEZONE : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/*
 * ical-generator writes a JavaScript Date in the server process's own time zone once a TZID is set, so a feed
 * would depend on the machine's TZ. It also takes Temporal values (its *Stub types), which carry their wall-clock
 * fields themselves: the three small classes below are those values for Berlin dates and times, and nothing on the
 * way reads the process's zone. calendar-feed.ics.test.ts pins the lines they give.
 */

/** A calendar day (an all-day item: DTSTART;VALUE=DATE). */
export class CalendarDay implements ICalTemporalPlainDateStub {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  constructor(readonly iso: string) {
    [this.year, this.month, this.day] = iso.split('-').map(Number) as [number, number, number];
  }
  /** ical-generator tells a plain date by this method; it is never called for an all-day item. */
  toPlainDateTime(): WallTime {
    return new WallTime(this.year, this.month, this.day, 0, 0);
  }
  toString(): string {
    return this.iso;
  }
  toJSON(): string {
    return this.iso;
  }
}

/** A wall-clock time in Berlin (a timed item: DTSTART;TZID=Europe/Berlin:…). */
export class WallTime implements ICalTemporalPlainDateTimeStub {
  readonly second = 0;
  constructor(
    readonly year: number,
    readonly month: number,
    readonly day: number,
    readonly hour: number,
    readonly minute: number,
  ) {}
  toPlainDate(): CalendarDay {
    return new CalendarDay(this.toString().slice(0, 10));
  }
  toZonedDateTime(timeZone: string): BerlinTime {
    if (timeZone !== FEED_ZONE) throw new Error(`calendar feed: only ${FEED_ZONE} times, not ${timeZone}`);
    return new BerlinTime(this);
  }
  toString(): string {
    return `${pad(this.year, 4)}-${pad(this.month)}-${pad(this.day)}T${pad(this.hour)}:${pad(this.minute)}:00`;
  }
  toJSON(): string {
    return this.toString();
  }
}

/** The same wall-clock time, pinned to Berlin: what ical-generator turns a plain time into before writing it. */
class BerlinTime implements ICalTemporalZonedDateTimeStub {
  readonly timeZoneId = FEED_ZONE;
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second = 0;
  constructor(private readonly wall: WallTime) {
    ({ year: this.year, month: this.month, day: this.day, hour: this.hour, minute: this.minute } = wall);
  }
  withTimeZone(timeZone: string): BerlinTime {
    if (timeZone !== FEED_ZONE) throw new Error(`calendar feed: only ${FEED_ZONE} times, not ${timeZone}`);
    return this;
  }
  toPlainDateTime(): WallTime {
    return this.wall;
  }
  toInstant(): ICalTemporalInstantStub {
    const instant = zonedInstant(this.wall, FEED_ZONE);
    return {
      epochMilliseconds: instant.getTime(),
      toJSON: () => instant.toISOString(),
      toString: () => instant.toISOString(),
      toZonedDateTimeISO: (timeZone: string) => this.withTimeZone(timeZone),
    };
  }
  toString(): string {
    return `${this.wall.toString()}[${FEED_ZONE}]`;
  }
  toJSON(): string {
    return this.toString();
  }
}
