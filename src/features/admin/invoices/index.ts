/** The invoices area's public face: admin invoices and cancellations, the user's own list, the retention job. */
export { invoicesRoutes } from './invoices.routes.js';
export { purgeExpiredInvoicesJob } from './invoices.jobs.js';
export { invoicesExport } from './invoices.service.js';
