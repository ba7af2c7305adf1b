/** A dog's duties where it lives (issue 53): what applies, what the owner recorded, reminders, the leash-season card. */
export { dutiesRoutes } from './duties.routes.js';
export { dutyRemindersJob } from './duties.jobs.js';
export { dutiesDashboard } from './duties.dashboard.js';
export { dogPapers, dutiesExport, type DogPapers } from './duties.service.js';
