import type { Kysely } from 'kysely';

/**
 * The app's routing requests per Berlin day (issue 29): openrouteservice's key allows a number of directions a day
 * for the whole application, so every instance counts here, with one conditional upsert per request that goes
 * upstream (features/map/walk-routes/routing-budget.repo.ts). One small row a day, kept as a record of use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('routing_usage')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('requests', 'integer', (c) => c.notNull())
    .execute();
}
