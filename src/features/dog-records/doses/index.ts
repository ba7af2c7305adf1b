/** Doses of a dog's medications: ticked off by the household, the stock counting down, the refill reminder. */
export { dosesRoutes } from './doses.routes.js';
export { dosesExport } from './doses.export.js';
export { dosesDashboard } from './doses.dashboard.js';
