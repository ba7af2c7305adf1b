/** Dog-welcome contributions to OpenStreetMap (issue 15; upstreams.md §2): the tap, the upload, the 03:40 job, the Pro grant. */
import { mapContributionsJob } from './map-contrib.jobs.js';
import type { AreaManifest } from '#core/area.js';
import { mapContribRoutes } from './map-contrib.routes.js';
import { contributionsExport } from './map-contrib.service.js';

export { mapContribRoutes } from './map-contrib.routes.js';
export { countsByStatus as contributionsByStatus } from './map-contrib.repo.js';
export { uploadsSettled } from './map-contrib.upload.js';
export const mapContribJobs = [mapContributionsJob];
export { contributionsExport } from './map-contrib.service.js';

/** The area's manifest (src/areas.ts lists it). */
export const mapContribArea: AreaManifest = {
  name: 'map-contrib',
  routes: mapContribRoutes,
  jobs: mapContribJobs, // 03:40 dog-welcome uploads retried, 7-day survival checked, Pro grants made and ended
  exportSections: [contributionsExport],
};
