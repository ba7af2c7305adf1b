import type { Kysely } from 'kysely';
import { isPostgres } from '#platform/db/migration-helpers.js';

/**
 * The spec's Limits table: every description takes 10,000 characters (issue 32). The columns were made for 200 to
 * 5,000. SQLite does not enforce a varchar's length, so only PostgreSQL's columns change.
 */
const TABLES = ['poison_warnings', 'lost_dogs', 'playdates', 'adoptions', 'events', 'sitting', 'services', 'places', 'routes', 'expenses'];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of TABLES)
    await db.schema
      .alterTable(table)
      .alterColumn('description', (c) => c.setDataType('varchar(10000)'))
      .execute();
}
