import type { AreaManifest } from '#core/area.js';
import { walksRoutes } from './walks.routes.js';
import { walksExport } from './walks.service.js';
/** Walks (issue 15): recorded or added later, with their dogs, distance, duration and track; weekly totals per dog. */
export { walksRoutes } from './walks.routes.js';
export { walkForNote } from './walks.service.js';
export { walksExport } from './walks.service.js';

/** The area's manifest (src/areas.ts lists it). */
export const walksArea: AreaManifest = { name: 'walks', routes: walksRoutes, exportSections: [walksExport] };
