/** The welcome dashboard: a frame that areas fill through providers (see dashboard.service.ts). */
export { dashboardRoutes } from './dashboard.routes.js';
export { DueSoonItem, type DashboardDog } from './dashboard.schemas.js';
export type { DashboardProvider, DashboardScope, DueSoonProvider } from './dashboard.service.js';
