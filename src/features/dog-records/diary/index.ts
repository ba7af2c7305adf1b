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
import type { AreaManifest } from '#core/area.js';
import type { DashboardProvider } from '../dashboard/index.js';
import { fillMissingWeatherJob } from '../weather/index.js';
import { diaryDashboard } from './diary.dashboard.js';
import { diaryExport } from './diary.export.js';
import { diaryWeatherConsumer } from './diary-weather.js';
import { diaryMediaRules } from './media-access.js';

export { diaryMediaRules } from './media-access.js';
export { diaryWeatherConsumer } from './diary-weather.js';
export { diaryDashboard } from './diary.dashboard.js';

/** The diary, its media and its views. Its welcome-dashboard cards are `diaryDashboard` (in its manifest, `diaryArea`). */
export function diaryRoutes(ctx: AppContext, routes: Routes): void {
  viewsRoutes(ctx, routes); // fixed /api/diary/… paths before /api/diary/:entryId
  diaryNearbyRoutes(ctx, routes); // /api/diary/nearby
  diarySearchRoutes(ctx, routes); // /api/diary/search
  diaryMediaRoutes(ctx, routes);
  entriesRoutes(ctx, routes);
}

export const diaryJobs = [anniversariesJob, sweepOrphanedMediaJob, namePlacesJob];
export { diaryExport } from './diary.export.js';

/** The area's manifest (src/areas.ts lists it). */
export const diaryArea: AreaManifest<DashboardProvider> = {
  name: 'diary',
  routes: diaryRoutes,
  jobs: [
    ...diaryJobs, // 09:00 anniversaries ("heute vor ... Jahren") as in-app notifications; 04:20 stored files without a row; hourly at :27 place names the upload could not get
    fillMissingWeatherJob([diaryWeatherConsumer]), // hourly at :17: historic weather the uploads could not get (the weather area's job, fed by the diary)
  ],
  exportSections: [diaryExport],
  mediaRules: diaryMediaRules,
  dashboard: [diaryDashboard],
};
