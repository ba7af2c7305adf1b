/** The upgrades area's public face: user requests, the admin queue and its to-do counter. */
export { upgradesRoutes } from './upgrades.routes.js';
export { isPremiumTier, TIERS } from './upgrades.schemas.js';
