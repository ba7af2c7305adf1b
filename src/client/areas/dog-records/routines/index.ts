/** The everyday records of a dog: heat calendar, care routines, training log with streak, expenses (one chunk). */
export { HeatScreen } from './heat.js';
export { CareScreen } from './care.js';
export { TrainingScreen } from './training.js';
export { ExpensesScreen } from './expenses.js';
