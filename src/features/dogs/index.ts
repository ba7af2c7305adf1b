/** The dogs area's public face: the CRUD routes and the dog view other areas may show. */
export { dogsRoutes } from './dogs.routes.js';
export { Dog } from './dogs.schemas.js';
