import type { Kysely } from 'kysely';

/**
 * The starter help articles (features/help/starter-articles.ts) are loaded once each: a key here means "was
 * loaded", so an article an admin edited or deleted is never brought back or overwritten on the next start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('help_starter_keys')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('loaded_at', 'varchar(40)', (c) => c.notNull())
    .execute();
}
