/** The heat-cycle tracker: cycles (per-dog records, female dogs only), the prediction and its reminders. */
import { heatRemindersJob } from './heat.jobs.js';

export { heatRoutes } from './heat.routes.js';
export { heatDashboard } from './heat.dashboard.js';
export { predictNextStart } from './prediction.js';
/** Every cycle start of these dogs (the calendar feed predicts from them like the dashboard does). */
export { startsOfDogs } from './heat.repo.js';
export const heatJobs = [heatRemindersJob];
export { inHeat } from './in-heat.js';
