import type { AreaManifest } from '#core/area.js';
import { publicPagesRoutes } from './public-pages.routes.js';
export { publicPagesRoutes } from './public-pages.routes.js';

/** The area's manifest (src/areas.ts lists it). */
export const publicPagesArea: AreaManifest = { name: 'public-pages', routes: publicPagesRoutes };
