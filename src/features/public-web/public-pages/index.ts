export { publicPagesRoutes } from './public-pages.routes.js';
