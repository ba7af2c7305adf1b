import type { GeoKind } from '#core/geo-items/index.js';
import { adoptions, events, services, sitting } from './listings.js';
import { lostDogs } from './lost-dogs.js';
import { playdates } from './playdates.js';
import { poisonWarnings } from './poison.js';
import { walkSlots } from './walk-slots.js';

/** Every geo-listed kind of the area, by API path (the moderation queue names reports by it). */
export const GEO_KINDS: readonly GeoKind[] = [poisonWarnings, lostDogs, playdates, walkSlots, adoptions, events, sitting, services];
