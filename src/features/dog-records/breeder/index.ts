import type { AreaManifest } from '#core/area.js';
import { breederRoutes } from './breeder.routes.js';
/** The breeder area (tier breeder or breeder_test): litters, puppies, daily weights with warnings, CSV and PDF. */
export { breederRoutes } from './breeder.routes.js';
export { GESTATION_DAYS } from './breeder.schemas.js';
export { growthWarnings } from './growth.js';

/** The area's manifest (src/areas.ts lists it). */
export const breederArea: AreaManifest = { name: 'breeder', routes: breederRoutes };
