/** The geo-listed community kinds on one module: a kind is a table with the frame and a definition (see geo-item-kind.ts). */
export {
  appUrlOf,
  changeGeoItem,
  createGeoItem,
  findGeoItem,
  geoItemOf,
  geoKindRoutes,
  listNear,
  removeGeoItem,
  toGeoItem,
  type GeoKind,
} from './geo-item-kind.js';
export { findGeoRow, geoRowTexts, rowsInBox, type GeoRow, type GeoRowText, type NearScope } from './geo-items.repo.js';
export { circleBound, nearPage, NearPageQuery, NEAR_PAGE_MAX, nearSearchOf, OptionalNear } from './near-page.js';
