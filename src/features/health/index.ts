/** The health area's public face: health records, vet practice, documents, family sharing, PDF and emergency card. */
import { healthRemindersJob } from './health.jobs.js';

export { healthRoutes } from './health.routes.js';
export { healthDashboard } from './health.dashboard.js';
export const healthJobs = [healthRemindersJob];
