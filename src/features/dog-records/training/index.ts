import type { AreaManifest } from '#core/area.js';
import type { DashboardProvider } from '../dashboard/index.js';
import { trainingDashboard } from './training.dashboard.js';
import { trainingRoutes } from './training.routes.js';
/** Training sessions per dog and their streaks (current and longest, Europe/Berlin days), with the dashboard card. */
export { trainingRoutes } from './training.routes.js';
export { trainingDashboard } from './training.dashboard.js';
export { streakOf } from './streak.js';

/** The area's manifest (src/areas.ts lists it). */
export const trainingArea: AreaManifest<DashboardProvider> = { name: 'training', routes: trainingRoutes, dashboard: [trainingDashboard] };
