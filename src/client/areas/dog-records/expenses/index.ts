/** A dog owner's expenses: list, recurring ones, the year's chart and CSV. */
export { ExpensesScreen } from './expenses.js';
