/** Trips abroad: the rules as data, the trip check, the trips routes, the travel sheet and the reminders. */
import { tripRemindersJob } from './trips.jobs.js';

export { tripsRoutes } from './trips.routes.js';
export { tripsOfDogs } from './trips.repo.js';
export { checkTrip } from './trip-check.js';
export const tripsJobs = [tripRemindersJob];
