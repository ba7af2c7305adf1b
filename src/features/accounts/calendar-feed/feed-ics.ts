import ical, { ICalEventRepeatingFreq, ICalEventTransparency } from 'ical-generator';
import type { AppContext } from '#core/context.js';
import type { FeedEntry } from './feed-entries.js';
import { CalendarDay, FEED_ZONE, vtimezoneOf } from './ical-time.js';

/**
 * The feed as RFC 5545 text, written by ical-generator (decisions: Calendar feed): all-day items as VALUE=DATE,
 * timed ones with TZID=Europe/Berlin and its VTIMEZONE. UIDs are `<kind>-<id>@<host of PUBLIC_URL>`: stable from
 * fetch to fetch, and distinct from another instance's rows.
 */
export function renderFeed(ctx: AppContext, entries: readonly FeedEntry[]): string {
  const base = ctx.config.publicUrl;
  const host = new URL(base).hostname;
  const calendar = ical({
    name: ctx.config.appName,
    description: `Die Termine deiner Hunde aus ${ctx.config.appName}`,
    prodId: { company: ctx.config.appName, product: 'Kalender-Feed', language: 'DE' },
    // No calendar-wide zone: with one, ical-generator would write DTSTAMP without its Z (RFC 5545 wants UTC).
    // The generator still adds the VTIMEZONE of every zone the events name.
    timezone: { name: null, generator: vtimezoneOf },
    // How often a calendar app should look again (REFRESH-INTERVAL, X-PUBLISHED-TTL); the rate limit allows more.
    ttl: 60 * 60,
  });
  for (const entry of entries) {
    const url = base + entry.path;
    const common = {
      id: `${entry.uid}@${host}`,
      summary: entry.summary,
      description: entry.description ? `${entry.description}\n\n${url}` : url,
      url,
      stamp: new Date(entry.stamp),
      ...(entry.place ? { location: entry.place.name ? { title: entry.place.name, geo: entry.place } : { geo: entry.place } } : {}),
    };
    if ('day' in entry.when) {
      calendar.createEvent({
        ...common,
        allDay: true,
        start: new CalendarDay(entry.when.day),
        // A reminder date, not an appointment: the day stays free in the calendar.
        transparency: ICalEventTransparency.TRANSPARENT,
        ...(entry.when.everyDays ? { repeating: { freq: ICalEventRepeatingFreq.DAILY, interval: entry.when.everyDays } } : {}),
      });
    } else {
      calendar.createEvent({
        ...common,
        timezone: FEED_ZONE,
        start: entry.when.start,
        end: entry.when.end,
        ...(entry.when.weekly ? { repeating: { freq: ICalEventRepeatingFreq.WEEKLY } } : {}),
      });
    }
  }
  return calendar.toString();
}
