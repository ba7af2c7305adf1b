import type { AreaManifest } from '#core/area.js';
import { legalPages } from './legal.pages.js';
import { operatorRoutes } from './operator.routes.js';
import { planRoutes } from './plans.routes.js';
import { securityTxtRoute } from './security-txt.js';
/** The operator's settings (imprint, invoices, plan prices) and the legal pages built from them. */
export { operatorRoutes } from './operator.routes.js';
export { legalPages } from './legal.pages.js';
export { missingForInvoices, operatorSettings, vatRateOf, type Settings } from './operator.service.js';
export { securityTxtRoute } from './security-txt.js';
export { planRoutes } from './plans.routes.js';

/** The area's manifest (src/areas.ts lists it). */
export const operatorArea: AreaManifest = {
  name: 'operator',
  routes(ctx, routes) {
    operatorRoutes(ctx, routes); // /api/admin/settings, /api/plans/prices
    legalPages(ctx, routes); // /impressum, /datenschutz
    planRoutes(ctx, routes); // /api/plans, /tarife, /preise
    securityTxtRoute(ctx, routes); // /.well-known/security.txt (RFC 9116)
  },
};
