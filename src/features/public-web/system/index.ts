import type { AreaManifest } from '#core/area.js';
import { systemRoutes } from './system.routes.js';
export { systemRoutes } from './system.routes.js';

/** The area's manifest (src/areas.ts lists it). */
export const systemArea: AreaManifest = { name: 'system', routes: systemRoutes };
