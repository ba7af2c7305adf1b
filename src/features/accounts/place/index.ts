import type { AreaManifest } from '#core/area.js';
import { placeExport, placeRoutes } from './place.routes.js';
/** Where the user lives (issue 53): country and region, the regional rules table, currency and leash season. */
export { placeRoutes, placeExport } from './place.routes.js';
export { placeFromHomeArea, placeOfUser, leashSeasonOn, toPlace } from './place.service.js';
export { placesOf, type PlaceRow } from './place.repo.js';
export { RULE_CODES, REGISTRIES, registryOf, rulesFor, ruleOf, asOfOf, type RuleCode, type RuleRow, type Registry } from './regional-rules.js';
export { currencyOf, REGION_NAMES, COUNTRY_NAMES } from './regions.js';
export { LeashSeason, type Place } from './place.schemas.js';

/** The area's manifest (src/areas.ts lists it). */
export const placeArea: AreaManifest = { name: 'place', routes: placeRoutes, exportSections: [placeExport] };
