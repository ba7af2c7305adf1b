/** Pet-food alerts from the German food-alert feed, filtered and cached. */
export { foodAlertsRoutes } from './food-alerts.routes.js';
