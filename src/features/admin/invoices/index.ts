import type { AreaManifest } from '#core/area.js';
import { purgeExpiredInvoicesJob } from './invoices.jobs.js';
import { invoicesRoutes } from './invoices.routes.js';
import { invoicesExport } from './invoices.service.js';
/** The invoices area's public face: admin invoices and cancellations, the user's own list, the retention job. */
export { invoicesRoutes } from './invoices.routes.js';
export { purgeExpiredInvoicesJob } from './invoices.jobs.js';
export { invoicesExport } from './invoices.service.js';

/** The area's manifest (src/areas.ts lists it). */
export const invoicesArea: AreaManifest = {
  name: 'invoices',
  routes: invoicesRoutes,
  jobs: [purgeExpiredInvoicesJob], // 04:10 invoices kept 10 years after account deletion, then deleted
  exportSections: [invoicesExport],
};
