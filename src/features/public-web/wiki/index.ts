import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { wikiPageRoutes } from './wiki.pages.js';
import { wikiApiRoutes } from './wiki.routes.js';

export { loadBreeds, type LoadResult } from './breeds.loader.js';
export { listBreedSlugs } from './breeds.repo.js';
export { enrichBreedsJob } from './wiki.jobs.js';

export function wikiRoutes(ctx: AppContext, routes: Routes): void {
  wikiApiRoutes(ctx, routes);
  wikiPageRoutes(ctx, routes);
}
