import { z } from 'zod';

export const CalendarFeed = z
  .object({
    url: z.string().meta({ description: 'Die geheime Feed-Adresse (…/kalender/<token>.ics): wer sie hat, liest die Termine' }),
    created_at: z.string().meta({ description: 'Seit wann diese Adresse gilt' }),
  })
  .meta({ id: 'CalendarFeed' });
export type CalendarFeed = z.infer<typeof CalendarFeed>;

export const CalendarFeedStatus = z
  .object({ feed: CalendarFeed.nullable().meta({ description: 'null, solange der Feed ausgeschaltet ist' }) })
  .meta({ id: 'CalendarFeedStatus' });

/** Any string: a malformed token is answered like an unknown one (404), never with a hint about its shape. */
export const FeedTokenParams = z.object({ token: z.string().max(200).meta({ description: 'Das Geheimnis aus der Feed-Adresse' }) });

/** The feed as documented: RFC 5545 text. */
export const FeedText = z.string().meta({ description: 'iCalendar (RFC 5545): VEVENTs mit festen UIDs und VTIMEZONE Europe/Berlin' });
