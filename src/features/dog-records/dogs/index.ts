import type { AreaManifest } from '#core/area.js';
import { dogsExport } from './dogs.export.js';
import { dogsRoutes } from './dogs.routes.js';
/** The dogs area's public face: the CRUD routes, the dog view other areas may show, and the dog rows they read or set. */
export { dogsRoutes } from './dogs.routes.js';
export { Dog } from './dogs.schemas.js';
export { findDog, findDogs, listDogSummaries, setDogWeight, swapDogPhotoUrl } from './dogs.repo.js';
export { dogsExport } from './dogs.export.js';

/** The area's manifest (src/areas.ts lists it). */
export const dogsArea: AreaManifest = { name: 'dogs', routes: dogsRoutes, exportSections: [dogsExport] };
