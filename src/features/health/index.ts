/** The health area's public face: health records, vet practice, documents, family sharing, PDF and emergency card. */
export { healthRoutes } from './health.routes.js';
