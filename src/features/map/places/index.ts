/** Places: the users' own points of interest on the map (issue 15), public or private, several types each. */
export { placesRoutes } from './places.routes.js';
export { placeStats } from './places.service.js';
export { placesExport } from './places.service.js';
