import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { secondStepGate, securityRoutes } from './security.routes.js';

/** Passkeys, TOTP with recovery codes, the second step at login, step-up for staff and the security log (issue 50). */
export { secondStepGate };

export function accountSecurityRoutes(ctx: AppContext, routes: Routes): void {
  securityRoutes(ctx, routes);
}
