import type { AppContext } from './core/context.js';
import type { Routes } from './core/http/route.js';
import { accountsRoutes } from './features/accounts/index.js';
import { adminUsersRoutes } from './features/admin-users/index.js';
import { dogsRoutes } from './features/dogs/index.js';
import { invoicesRoutes } from './features/invoices/index.js';
import { partnerRoutes } from './features/partner/index.js';
import { upgradesRoutes } from './features/upgrades/index.js';
import { systemRoutes } from './features/system/index.js';

/** THE route table: one line per area. Order matters only where paths overlap. */
export function mountRoutes(ctx: AppContext, routes: Routes): void {
  systemRoutes(ctx, routes);
  accountsRoutes(ctx, routes);
  dogsRoutes(ctx, routes);
  partnerRoutes(ctx, routes);
  upgradesRoutes(ctx, routes);
  adminUsersRoutes(ctx, routes);
  invoicesRoutes(ctx, routes);
}
