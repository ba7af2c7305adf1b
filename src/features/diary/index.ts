import type { AppContext } from '../../core/context.js';
import type { Routes } from '../../core/http/route.js';
import { dashboardRoutes } from './dashboard.routes.js';
import type { DueSoonProvider } from './dashboard.service.js';
import { anniversariesJob } from './diary.jobs.js';
import { entriesRoutes } from './entries.routes.js';
import { diaryMediaRoutes } from './media.routes.js';
import { viewsRoutes } from './views.routes.js';

export { diaryMediaRules } from './media-access.js';
export { diaryWeatherConsumer } from './diary-weather.js';
export type { DueSoonProvider } from './dashboard.service.js';
export type { DueSoonItem } from './dashboard.schemas.js';

/** The diary, its media, its views and the welcome dashboard. `dueSoon`: what later areas report as due. */
export function diaryRoutes(ctx: AppContext, routes: Routes, options: { dueSoon?: DueSoonProvider[] } = {}): void {
  viewsRoutes(ctx, routes); // fixed /api/diary/… paths before /api/diary/:entryId
  diaryMediaRoutes(ctx, routes);
  entriesRoutes(ctx, routes);
  dashboardRoutes(ctx, routes, options.dueSoon ?? []);
}

export const diaryJobs = [anniversariesJob];
