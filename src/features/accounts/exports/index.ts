import type { AreaManifest } from '#core/area.js';
import { buildExportsJob, expireExportsJob } from './exports.jobs.js';
import { exportsRoutes } from './exports.routes.js';
/** The user's data export (DSGVO Art. 15/20): request, list, download; a job builds the ZIP from the areas' sections. */
export { exportsRoutes } from './exports.routes.js';
export { buildExportsJob, expireExportsJob } from './exports.jobs.js';

/** The area's manifest (src/areas.ts lists it; the sections it builds from are every manifest's `exportSections`). */
export const exportsArea: AreaManifest = {
  name: 'exports',
  routes: exportsRoutes,
  jobs: [
    buildExportsJob, // every minute: queued data exports built into ZIPs (a dead build is claimed again after 30 min)
    expireExportsJob, // hourly at :20: exports past their 7 days deleted, file and row
  ],
};
