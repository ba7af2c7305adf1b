import type { AreaManifest } from '#core/area.js';
import { placesRoutes } from './places.routes.js';
import { placesExport } from './places.service.js';
/** Places: the users' own points of interest on the map (issue 15), public or private, several types each. */
export { placesRoutes } from './places.routes.js';
export { placeStats } from './places.service.js';
export { placesExport } from './places.service.js';

/** The area's manifest (src/areas.ts lists it). */
export const placesArea: AreaManifest = { name: 'places', routes: placesRoutes, exportSections: [placesExport] };
