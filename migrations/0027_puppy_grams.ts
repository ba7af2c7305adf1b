import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { isPostgres } from '#platform/db/migration-helpers.js';

/**
 * Puppy weights with one decimal (180,5 g: a newborn's scale shows it). PostgreSQL needs the column type changed;
 * SQLite's INTEGER affinity keeps a value like 180.5 as it is, so nothing changes there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table puppy_weights alter column weight_g type double precision`.execute(db);
  await sql`alter table puppies alter column birth_weight_g type double precision`.execute(db);
}
