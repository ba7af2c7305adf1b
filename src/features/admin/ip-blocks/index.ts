import type { AreaManifest } from '#core/area.js';
import { ipBlocksRoutes } from './ip-blocks.routes.js';
/** Address blocks of the honeypot, for admins: the active ones with their hits, and lifting one (core keeps the list). */
export { ipBlocksRoutes } from './ip-blocks.routes.js';

/** The area's manifest (src/areas.ts lists it). */
export const ipBlocksArea: AreaManifest = { name: 'ip-blocks', routes: ipBlocksRoutes };
