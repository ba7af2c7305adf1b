import type { AreaManifest } from '#core/area.js';
import { calendarFeedRoutes } from './calendar-feed.routes.js';
/** The calendar feed (issue 30): a secret per-user iCalendar address with the dogs' dates, for one's own calendar app. */
export { calendarFeedRoutes } from './calendar-feed.routes.js';

/** The area's manifest (src/areas.ts lists it). */
export const calendarFeedArea: AreaManifest = { name: 'calendar-feed', routes: calendarFeedRoutes };
