import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { helpPageRoutes } from './help.page.js';
import { helpAdminRoutes, helpPublicRoutes } from './help.routes.js';
import type { AreaManifest } from '#core/area.js';

export { HELP_CATEGORIES } from './help.categories.js';
export { loadStarterHelp } from './starter-help.loader.js';

export function helpRoutes(ctx: AppContext, routes: Routes): void {
  helpAdminRoutes(ctx, routes);
  helpPublicRoutes(ctx, routes);
  helpPageRoutes(ctx, routes);
}

/** The area's manifest (src/areas.ts lists it). */
export const helpArea: AreaManifest = { name: 'help', routes: helpRoutes };
