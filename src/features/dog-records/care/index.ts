/** Care routines (tick and flea, claws, coat): per-dog records with next_due, the one-tap tick and reminders. */
import { careRemindersJob } from './care.jobs.js';
import type { AreaManifest } from '#core/area.js';
import type { DashboardProvider } from '../dashboard/index.js';
import { careDashboard } from './care.dashboard.js';
import { careRoutes } from './care.routes.js';

export { careRoutes } from './care.routes.js';
export { careDashboard } from './care.dashboard.js';
export const careJobs = [careRemindersJob];
/** The routines with a due date and what they are called (the calendar feed). */
export { scheduledRoutinesOf } from './care.repo.js';
export { careTitle } from './care.labels.js';

/** The area's manifest (src/areas.ts lists it). */
export const careArea: AreaManifest<DashboardProvider> = {
  name: 'care',
  routes: careRoutes,
  jobs: careJobs, // 08:00 care routines due today or overdue, once per due date (owner and caregivers)
  dashboard: [careDashboard],
};
