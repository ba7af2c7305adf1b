/** The welcome dashboard: a frame that areas fill through providers (see dashboard.service.ts). */
export { dashboardRoutes } from './dashboard.routes.js';
export { DueSoonItem, type DashboardDog } from './dashboard.schemas.js';
export {
  byDayThenId,
  daysByDog,
  readsOfOwnDogs,
  type DashboardProvider,
  type DashboardRows,
  type DashboardScope,
  type DueSoonProvider,
} from './dashboard.service.js';
export { noNumber, noText, type DashboardBranch, type DashboardRow } from './dashboard.repo.js';
