/** Care routines (tick and flea, claws, coat): per-dog records with next_due, the one-tap tick and reminders. */
import { careRemindersJob } from './care.jobs.js';

export { careRoutes } from './care.routes.js';
export { careDashboard } from './care.dashboard.js';
export const careJobs = [careRemindersJob];
/** The routines with a due date and what they are called (the calendar feed). */
export { scheduledRoutinesOf } from './care.repo.js';
export { careTitle } from './care.labels.js';
