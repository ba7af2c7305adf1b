/** Walks (issue 15): recorded or added later, with their dogs, distance, duration and track; weekly totals per dog. */
export { walksRoutes } from './walks.routes.js';
export { walkForNote } from './walks.service.js';
export { walksExport } from './walks.service.js';
