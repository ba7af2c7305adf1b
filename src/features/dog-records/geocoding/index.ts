/** Reverse geocoding through Nominatim (upstreams.md §9): place names for located diary entries. */
export { placeNameAt, shortName } from './reverse-geocode.js';
export { regionAt, type RegionAt } from './region-at.js';
