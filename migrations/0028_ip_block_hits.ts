import type { Kysely } from 'kysely';

/**
 * Blocks that grow with repeated abuse (issue 35): how often an address hit the trap, and when first and last, so a
 * repeat lengthens the block and the admin list can show it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('ip_blocks')
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('ip_blocks').addColumn('last_hit_at', 'varchar(40)').execute();
}
