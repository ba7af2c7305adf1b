/** The calendar-feed area's screen (one chunk): switch on, copy, QR code, renew, switch off. */
export { CalendarFeedScreen } from './calendar-feed.js';
