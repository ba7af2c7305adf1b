/** Dog-welcome contributions to OpenStreetMap (issue 15; upstreams.md §2): the tap, the upload, the 03:40 job, the Pro grant. */
import { mapContributionsJob } from './map-contrib.jobs.js';

export { mapContribRoutes } from './map-contrib.routes.js';
export { countsByStatus as contributionsByStatus } from './map-contrib.repo.js';
export { uploadsSettled } from './map-contrib.upload.js';
export const mapContribJobs = [mapContributionsJob];
export { contributionsExport } from './map-contrib.service.js';
