/** The route planner: points on the map, the route over footpaths, saved routes and GPX. */
export { RoutePlannerScreen } from './route-planner.js';
