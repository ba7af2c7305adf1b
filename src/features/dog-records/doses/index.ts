import type { AreaManifest } from '#core/area.js';
import type { DashboardProvider } from '../dashboard/index.js';
import { dosesDashboard } from './doses.dashboard.js';
import { dosesExport } from './doses.export.js';
import { dosesRoutes } from './doses.routes.js';
/** Doses of a dog's medications: ticked off by the household, the stock counting down, the refill reminder. */
export { dosesRoutes } from './doses.routes.js';
export { dosesExport } from './doses.export.js';
export { dosesDashboard } from './doses.dashboard.js';

/** The area's manifest (src/areas.ts lists it). */
export const dosesArea: AreaManifest<DashboardProvider> = { name: 'doses', routes: dosesRoutes, exportSections: [dosesExport], dashboard: [dosesDashboard] };
