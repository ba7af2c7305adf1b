/** Notes on eight parent types (dog, diary entry, vet visit, heat cycle, care routine, expense, training, walk) with AI analysis. */
import { sweepOrphanedNotesJob } from './notes.jobs.js';
import type { AreaManifest } from '#core/area.js';
import { notesRoutes } from './notes.routes.js';
import { notesExport } from './notes.service.js';

export { notesRoutes } from './notes.routes.js';
export const notesJobs = [sweepOrphanedNotesJob];
export { notesExport } from './notes.service.js';

/** The area's manifest (src/areas.ts lists it). */
export const notesArea: AreaManifest = {
  name: 'notes',
  routes: notesRoutes,
  jobs: notesJobs, // 04:25 notes whose record was deleted
  exportSections: [notesExport],
};
