/** The admin statistics (issue 15). */
export { adminStatsRoutes } from './admin-stats.routes.js';
