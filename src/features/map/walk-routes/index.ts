/** Routes (issue 15; upstreams.md §4): planning through openrouteservice with the weekly allowance and the day cache, saved routes, GPX. */
export { walkRoutesRoutes } from './walk-routes.routes.js';
export { readableRoute } from './walk-routes.service.js';
export { walkRoutesExport } from './walk-routes.service.js';
export { routeGpx } from './gpx.js';
