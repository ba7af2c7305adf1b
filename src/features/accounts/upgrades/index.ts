import type { AreaManifest } from '#core/area.js';
import { upgradesRoutes } from './upgrades.routes.js';
/** The upgrades area's public face: user requests, the admin queue and its to-do counter. */
export { upgradesRoutes } from './upgrades.routes.js';
export { isPremiumTier, TIERS } from './upgrades.schemas.js';

/** The area's manifest (src/areas.ts lists it). */
export const upgradesArea: AreaManifest = { name: 'upgrades', routes: upgradesRoutes };
