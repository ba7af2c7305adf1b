/** Trips abroad: the rules as data, the trip check, the trips routes, the travel sheet and the reminders. */
import { tripRemindersJob } from './trips.jobs.js';

export { tripsRoutes } from './trips.routes.js';
export { tripCalendarItems, type TripCalendarItem } from './trips.feed.js';
export { checkTrip } from './trip-check.js';
export const tripsJobs = [tripRemindersJob];
export { tripsExport } from './trips.export.js';
