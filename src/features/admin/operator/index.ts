/** The operator's settings (imprint, invoices, plan prices) and the legal pages built from them. */
export { operatorRoutes } from './operator.routes.js';
export { legalPages } from './legal.pages.js';
export { missingForInvoices, operatorSettings, vatRateOf, type Settings } from './operator.service.js';
export { securityTxtRoute } from './security-txt.js';
export { planRoutes } from './plans.routes.js';
