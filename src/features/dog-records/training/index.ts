/** Training sessions per dog and their streaks (current and longest, Europe/Berlin days), with the dashboard card. */
export { trainingRoutes } from './training.routes.js';
export { trainingDashboard } from './training.dashboard.js';
export { streakOf } from './streak.js';
