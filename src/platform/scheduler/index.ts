/** The scheduler (cron + job leases) and the admin's job list. */
export { Scheduler, slotOf, manualSlotOf } from './scheduler.js';
export { jobsAdminRoutes } from './scheduler.routes.js';
