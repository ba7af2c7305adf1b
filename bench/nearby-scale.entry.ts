// The modules bench/nearby-scale.mjs needs, loaded through one tsImport: each tsImport call has its own copy of
// kysely, and the engine checks (`instanceof PostgresAdapter`) only hold within one copy.
export { sql } from 'kysely';
export { openDb } from '#core/db/index.js';
export { migrateToLatest } from '#platform/db/migrate.js';
export { listNear } from '#core/geo-items/geo-item-kind.js';
export { services } from '../src/features/map/nearby/listings.js';
export { boundingBox, nearest, whereInBox } from '#core/geo/index.js';
export { GEO_KINDS } from '../src/features/map/nearby/geo-kinds.js';
export { warningReach } from '../src/features/map/nearby/safety-mail.service.js';
