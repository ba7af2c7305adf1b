import type { AreaManifest } from '#core/area.js';
import { dashboardRoutes } from './dashboard.routes.js';
import type { DashboardProvider } from './dashboard.service.js';
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

/** The area's manifest (src/areas.ts lists it): the dashboard mounts with every manifest's `dashboard`, in list order. */
export const dashboardArea: AreaManifest<DashboardProvider> = {
  name: 'dashboard',
  routes: (ctx, routes, { dashboard }) => dashboardRoutes(ctx, routes, dashboard),
};
