/** Reverse geocoding through Nominatim (upstreams.md §9): place names for located diary entries. */
export { placeNameAt, shortName } from './reverse-geocode.js';
/** The town at a position (public poison-bait figures). */
export { cityAt, townOf } from './city-at.js';
export { regionAt, type RegionAt } from './region-at.js';
