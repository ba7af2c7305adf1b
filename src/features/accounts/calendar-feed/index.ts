/** The calendar feed (issue 30): a secret per-user iCalendar address with the dogs' dates, for one's own calendar app. */
export { calendarFeedRoutes } from './calendar-feed.routes.js';
