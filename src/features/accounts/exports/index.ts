/** The user's data export (DSGVO Art. 15/20): request, list, download; a job builds the ZIP from the areas' sections. */
export { exportsRoutes } from './exports.routes.js';
export { buildExportsJob, expireExportsJob } from './exports.jobs.js';
