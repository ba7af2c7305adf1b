/** The heat-cycle tracker: cycles (per-dog records, female dogs only), the prediction and its reminders. */
import { heatRemindersJob } from './heat.jobs.js';
import type { AreaManifest } from '#core/area.js';
import type { DashboardProvider } from '../dashboard/index.js';
import { heatDashboard } from './heat.dashboard.js';
import { heatRoutes } from './heat.routes.js';

export { heatRoutes } from './heat.routes.js';
export { heatDashboard } from './heat.dashboard.js';
export { predictNextStart } from './prediction.js';
/** Every cycle start of these dogs (the calendar feed predicts from them like the dashboard does). */
export { startsOfDogs } from './heat.repo.js';
export const heatJobs = [heatRemindersJob];
export { inHeat } from './in-heat.js';

/** The area's manifest (src/areas.ts lists it). */
export const heatArea: AreaManifest<DashboardProvider> = {
  name: 'heat',
  routes: heatRoutes,
  jobs: heatJobs, // 08:00 heat expected in 7 days and tomorrow, phantom-pregnancy follow-up 63 days after a start
  dashboard: [heatDashboard],
};
