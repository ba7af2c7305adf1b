import type { Kysely } from 'kysely';

/**
 * A request pace every instance and worker shares (issue 28): one row per upstream whose policy limits the whole
 * application, not one process (Nominatim: one request a second). `next_slot_at` (epoch milliseconds) is when the
 * next request may go, or while one is in flight the end of its hold; a lookup takes the turn with one conditional
 * upsert (core/upstream/slots.repo.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upstream_slots')
    .addColumn('name', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('next_slot_at', 'bigint', (c) => c.notNull())
    .execute();
}
