import type { AreaManifest } from '#core/area.js';
import { photosMediaRules } from './media-access.js';
import { photosRoutes } from './photos.routes.js';
/** Profile pictures: dog photos and user avatars (no preview variant). */
export { photosRoutes } from './photos.routes.js';
export { photosMediaRules } from './media-access.js';

/** The area's manifest (src/areas.ts lists it). */
export const photosArea: AreaManifest = { name: 'photos', routes: photosRoutes, mediaRules: photosMediaRules };
