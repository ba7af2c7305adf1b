/** Expenses per dog: categories, recurring templates made into occurrences by a daily job, yearly sums, CSV export. */
import { materialiseExpensesJob } from './expenses.jobs.js';
import type { AreaManifest } from '#core/area.js';
import { expensesRoutes } from './expenses.routes.js';
import { expensesExport } from './expenses.service.js';

export { expensesRoutes } from './expenses.routes.js';
export { occurrenceDate } from './recurrence.js';
export const expensesJobs = [materialiseExpensesJob];
export { expensesExport } from './expenses.service.js';

/** The area's manifest (src/areas.ts lists it). */
export const expensesArea: AreaManifest = {
  name: 'expenses',
  routes: expensesRoutes,
  jobs: expensesJobs, // 00:20 occurrences of recurring expenses that fell due (idempotent: one row per period)
  exportSections: [expensesExport],
};
