import type { AreaManifest } from '#core/area.js';
import { foodAlertsRoutes } from './food-alerts.routes.js';
/** Pet-food alerts from the German food-alert feed, filtered and cached. */
export { foodAlertsRoutes } from './food-alerts.routes.js';

/** The area's manifest (src/areas.ts lists it). */
export const foodAlertsArea: AreaManifest = { name: 'food-alerts', routes: foodAlertsRoutes };
