import type { AreaManifest } from '#core/area.js';
import { adminStatsRoutes } from './admin-stats.routes.js';
/** The admin statistics (issue 15). */
export { adminStatsRoutes } from './admin-stats.routes.js';

/** The area's manifest (src/areas.ts lists it). */
export const adminStatsArea: AreaManifest = { name: 'admin-stats', routes: adminStatsRoutes };
