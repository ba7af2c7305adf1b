import type { AccountsTables } from './tables/accounts.js';
import type { DogsTables } from './tables/dogs.js';
import type { PlatformTables } from './tables/platform.js';

/**
 * The typed database: one interface per area's tables, joined here.
 * Add a line (an `extends`) when an area gets tables; keep the table types in tables/<area>.ts.
 */
export interface Database extends AccountsTables, PlatformTables, DogsTables {}
