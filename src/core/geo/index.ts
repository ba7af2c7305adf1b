/**
 * The geo module every distance search uses (spec, Other behaviours 2): an indexed bounding-box pre-filter in SQL
 * (`whereInBox` from core/db/geo-box.ts, the same on SQLite and PostgreSQL), then the exact great-circle distance and
 * the order in TypeScript (`nearest`). A repo selects with `whereInBox(qb, boundingBox(center, r))`; the service
 * passes the rows through `nearest(rows, center, r)`.
 */
export { EARTH_RADIUS_KM, distanceKm, roundKm, type LatLon } from './distance.js';
export { boundingBox, inBox, type BoundingBox } from './bounding-box.js';
export { Latitude, Longitude, NearQuery, Position, RADIUS_KM, RadiusKm, roundDegrees } from './near-query.js';
export { nearest, type WithDistance } from './nearest.js';
export { whereInBox } from '../db/geo-box.js';
