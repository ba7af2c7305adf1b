/** Expenses per dog: categories, recurring templates made into occurrences by a daily job, yearly sums, CSV export. */
import { materialiseExpensesJob } from './expenses.jobs.js';

export { expensesRoutes } from './expenses.routes.js';
export { occurrenceDate } from './recurrence.js';
export const expensesJobs = [materialiseExpensesJob];
export { expensesExport } from './expenses.service.js';
