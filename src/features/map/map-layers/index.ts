import type { AreaManifest } from '#core/area.js';
import { mapLayersRoutes } from './map-layers.routes.js';
/** Map layers from OpenStreetMap through Overpass (issue 15; upstreams.md §1), cached per tile for every instance. */
export { mapLayersRoutes } from './map-layers.routes.js';
export { cachedCountsByLayer } from './map-layers.service.js';
export { parseBbox, type Box } from './tiles.js';
export { WELCOME_KINDS, welcomeKindOf, type WelcomeKind } from './venue-kinds.js';

/** The area's manifest (src/areas.ts lists it). */
export const mapLayersArea: AreaManifest = { name: 'map-layers', routes: mapLayersRoutes };
