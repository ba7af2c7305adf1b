import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { pwaRoutes } from './pwa.routes.js';
import { staticRoutes } from './static.routes.js';
import type { AreaManifest } from '#core/area.js';

/** Static files first (cheap prefix matches), then manifest, worker, shell and force-update. */
export function pwaAreaRoutes(ctx: AppContext, routes: Routes): void {
  staticRoutes(ctx, routes);
  pwaRoutes(ctx, routes);
}

/** The area's manifest (src/areas.ts lists it). */
export const pwaArea: AreaManifest = { name: 'pwa', routes: pwaAreaRoutes };
