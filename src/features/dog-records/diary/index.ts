import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { anniversariesJob } from './diary.jobs.js';
import { sweepOrphanedMediaJob } from './orphan-sweep.jobs.js';
import { namePlacesJob } from './place-names.jobs.js';
import { entriesRoutes } from './entries.routes.js';
import { diaryMediaRoutes } from './media.routes.js';
import { viewsRoutes } from './views.routes.js';
import { diaryNearbyRoutes } from './nearby.routes.js';
import { diarySearchRoutes } from './search.routes.js';

export { diaryMediaRules } from './media-access.js';
export { diaryWeatherConsumer } from './diary-weather.js';
export { diaryDashboard } from './diary.dashboard.js';

/** The diary, its media and its views. Its welcome-dashboard cards are `diaryDashboard` (routes.ts registers them). */
export function diaryRoutes(ctx: AppContext, routes: Routes): void {
  viewsRoutes(ctx, routes); // fixed /api/diary/… paths before /api/diary/:entryId
  diaryNearbyRoutes(ctx, routes); // /api/diary/nearby
  diarySearchRoutes(ctx, routes); // /api/diary/search
  diaryMediaRoutes(ctx, routes);
  entriesRoutes(ctx, routes);
}

export const diaryJobs = [anniversariesJob, sweepOrphanedMediaJob, namePlacesJob];
export { diaryExport } from './diary.export.js';
