import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { pwaRoutes } from './pwa.routes.js';
import { staticRoutes } from './static.routes.js';

/** Static files first (cheap prefix matches), then manifest, worker, shell and force-update. */
export function pwaAreaRoutes(ctx: AppContext, routes: Routes): void {
  staticRoutes(ctx, routes);
  pwaRoutes(ctx, routes);
}
