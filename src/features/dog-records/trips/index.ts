/** Trips abroad: the rules as data, the trip check, the trips routes, the travel sheet and the reminders. */
import { tripRemindersJob } from './trips.jobs.js';
import type { AreaManifest } from '#core/area.js';
import { tripsExport } from './trips.export.js';
import { tripsRoutes } from './trips.routes.js';

export { tripsRoutes } from './trips.routes.js';
export { tripCalendarItems, type TripCalendarItem } from './trips.feed.js';
export { checkTrip } from './trip-check.js';
export const tripsJobs = [tripRemindersJob];
export { tripsExport } from './trips.export.js';

/** The area's manifest (src/areas.ts lists it). */
export const tripsArea: AreaManifest = {
  name: 'trips',
  routes: tripsRoutes,
  jobs: tripsJobs, // hourly at :07: a trip's window opens (tapeworm, GB certificate) or closes in 3 days, once each (owner and caregivers)
  exportSections: [tripsExport],
};
