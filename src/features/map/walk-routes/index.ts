import type { AreaManifest } from '#core/area.js';
import { walkRoutesRoutes } from './walk-routes.routes.js';
import { walkRoutesExport } from './walk-routes.service.js';
/** Routes (issue 15; upstreams.md §4): planning through openrouteservice with the weekly allowance and the day cache, saved routes, GPX. */
export { walkRoutesRoutes } from './walk-routes.routes.js';
export { readableRoute } from './walk-routes.service.js';
export { walkRoutesExport } from './walk-routes.service.js';
export { routeGpx } from './gpx.js';

/** The area's manifest (src/areas.ts lists it). */
export const walkRoutesArea: AreaManifest = { name: 'walk-routes', routes: walkRoutesRoutes, exportSections: [walkRoutesExport] };
