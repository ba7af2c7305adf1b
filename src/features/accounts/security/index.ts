import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { secondStepGate, securityRoutes } from './security.routes.js';
import type { AreaManifest } from '#core/area.js';

/** Passkeys, TOTP with recovery codes, the second step at login, step-up for staff and the security log (issue 50). */
export { secondStepGate };

export function accountSecurityRoutes(ctx: AppContext, routes: Routes): void {
  securityRoutes(ctx, routes);
}

/** The area's manifest (src/areas.ts lists it; accounts gets `secondStepGate` there). */
export const securityArea: AreaManifest = { name: 'security', routes: accountSecurityRoutes };
