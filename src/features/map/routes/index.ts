/** Routes (issue 15; upstreams.md §4): planning through openrouteservice with the weekly allowance and the day cache, saved routes, GPX. */
export { routesRoutes } from './routes.routes.js';
export { readableRoute } from './routes.service.js';
export { routesExport } from './routes.service.js';
export { routeGpx } from './gpx.js';
