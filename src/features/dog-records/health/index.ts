/** The health area's public face: health records, vet practice, documents, family sharing, PDF and emergency card. */
import { healthRemindersJob, vetAppointmentEveJob } from './health.jobs.js';

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
