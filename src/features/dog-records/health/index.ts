/** The health area's public face: health records, vet practice, documents, family sharing, PDF and emergency card. */
import { healthRemindersJob, vetAppointmentEveJob } from './health.jobs.js';
import type { AreaManifest } from '#core/area.js';
import type { DashboardProvider } from '../dashboard/index.js';
import { healthDashboard } from './health.dashboard.js';
import { healthDocumentsExport } from './documents.export.js';
import { healthRecordExport } from './health-record.service.js';
import { healthRoutes } from './health.routes.js';

export { healthRoutes } from './health.routes.js';
export { healthDashboard } from './health.dashboard.js';
/** Accepted caregivers per dog: other areas' reminders reach them too. */
export { caregiversOf } from './reminders.repo.js';
/** Dates for the calendar feed: open vaccination due dates, medications' last days, planned vet visits, the dogs one looks after. */
export { medicationEndsOf, openVaccinationsOf, plannedVisitsOf } from './reminders.repo.js';
export { sharedDogRows } from './members.repo.js';
export const healthJobs = [healthRemindersJob, vetAppointmentEveJob];
export { healthRecordExport } from './health-record.service.js';
export { healthDocumentsExport } from './documents.export.js';

/** The area's manifest (src/areas.ts lists it). */
export const healthArea: AreaManifest<DashboardProvider> = {
  name: 'health',
  routes: healthRoutes,
  jobs: healthJobs, // 08:00 vaccinations due in 14 days and today, medications ending today, vet appointments today; 18:00 vet appointments tomorrow (owner and caregivers)
  exportSections: [healthRecordExport, healthDocumentsExport],
  dashboard: [healthDashboard],
};
