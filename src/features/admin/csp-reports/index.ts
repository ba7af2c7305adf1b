import type { AreaManifest } from '#core/area.js';
import { cspReportsRoutes } from './csp-reports.routes.js';
/** Content-Security-Policy violation reports: the endpoint browsers post to, and the admin list (core counts them). */
export { cspReportsRoutes } from './csp-reports.routes.js';

/** The area's manifest (src/areas.ts lists it). */
export const cspReportsArea: AreaManifest = { name: 'csp-reports', routes: cspReportsRoutes };
