/** Profile pictures: dog photos and user avatars (no preview variant). */
export { photosRoutes } from './photos.routes.js';
export { photosMediaRules } from './media-access.js';
