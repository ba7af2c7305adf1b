/** Running the service: operator settings (imprint, invoices, prices) and the scheduled jobs, for admins. */
export { SettingsScreen } from './settings.js';
export { JobsScreen } from './jobs.js';
