import type { Kysely } from 'kysely';
import { isPostgres } from '#platform/db/migration-helpers.js';

/**
 * An invoice line's description takes 10,000 characters like every description (decisions, "What users tripped over
 * (wave 4)"); the column was made for 200. SQLite does not enforce a varchar's length, so only PostgreSQL's changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .alterTable('invoice_items')
    .alterColumn('description', (c) => c.setDataType('varchar(10000)'))
    .execute();
}
