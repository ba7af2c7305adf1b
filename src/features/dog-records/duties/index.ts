import type { AreaManifest } from '#core/area.js';
import type { DashboardProvider } from '../dashboard/index.js';
import { dutiesDashboard } from './duties.dashboard.js';
import { dutyRemindersJob } from './duties.jobs.js';
import { dutiesRoutes } from './duties.routes.js';
import { dutiesExport } from './duties.service.js';
/** A dog's duties where it lives (issue 53): what applies, what the owner recorded, reminders, the leash-season card. */
export { dutiesRoutes } from './duties.routes.js';
export { dutyRemindersJob } from './duties.jobs.js';
export { dutiesDashboard } from './duties.dashboard.js';
export { dogPapers, dutiesExport, type DogPapers } from './duties.service.js';

/** The area's manifest (src/areas.ts lists it). */
export const dutiesArea: AreaManifest<DashboardProvider> = {
  name: 'duties',
  routes: dutiesRoutes,
  jobs: [dutyRemindersJob], // 08:10 duties: due and renewal dates within 14 days, the registry check in September (issue 53)
  exportSections: [dutiesExport],
  dashboard: [dutiesDashboard],
};
