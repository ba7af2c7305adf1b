import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { wikiPageRoutes } from './wiki.pages.js';
import { wikiApiRoutes } from './wiki.routes.js';
import type { AreaManifest } from '#core/area.js';
import { enrichBreedsJob } from './wiki.jobs.js';

export { loadBreeds, type LoadResult } from './breeds.loader.js';
export { listBreedSlugs } from './breeds.repo.js';
export { enrichBreedsJob } from './wiki.jobs.js';

export function wikiRoutes(ctx: AppContext, routes: Routes): void {
  wikiApiRoutes(ctx, routes);
  wikiPageRoutes(ctx, routes);
}

/** The area's manifest (src/areas.ts lists it). */
export const wikiArea: AreaManifest = {
  name: 'wiki',
  routes: wikiRoutes,
  jobs: [enrichBreedsJob], // hourly at :17, only with AI configured: fills missing breed fields, marked as AI-generated
};
