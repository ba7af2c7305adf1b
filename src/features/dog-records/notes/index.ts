/** Notes on eight parent types (dog, diary entry, vet visit, heat cycle, care routine, expense, training, walk) with AI analysis. */
import { sweepOrphanedNotesJob } from './notes.jobs.js';

export { notesRoutes } from './notes.routes.js';
export const notesJobs = [sweepOrphanedNotesJob];
export { notesExport } from './notes.service.js';
