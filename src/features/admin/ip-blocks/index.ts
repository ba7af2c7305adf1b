/** Address blocks of the honeypot, for admins: the active ones with their hits, and lifting one (core keeps the list). */
export { ipBlocksRoutes } from './ip-blocks.routes.js';
