import type { AreaManifest } from '#core/area.js';
import { partnerRoutes } from './partner.routes.js';
/** The partner area's public face: partner codes, the public live check and the founder license. */
export { partnerRoutes } from './partner.routes.js';
export { activatePendingFounder, redeemPartnerCode, grantFounder, PLACES_TAKEN_MESSAGE } from './founder.service.js';
export { FOUNDER_PLACES } from './founder.repo.js';

/** The area's manifest (src/areas.ts lists it). */
export const partnerArea: AreaManifest = { name: 'partner', routes: partnerRoutes };
