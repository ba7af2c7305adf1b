import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/** Dialect differences for migrations live here and nowhere else. */
export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-increment integer primary key named `id` on either engine. */
export function withId<DB, T extends string>(db: Kysely<DB>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** A floating-point column type both engines accept. */
export const DOUBLE = sql`double precision`;

/**
 * After rows were copied with their ids: the next generated id follows the highest one. PostgreSQL's serial keeps
 * its own counter (a sequence); SQLite's AUTOINCREMENT already counts explicitly inserted ids.
 */
export async function continueIdsAfterCopy<DB>(db: Kysely<DB>, table: string): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(db);
}

/**
 * Runs a migration's steps as one transaction on both engines. Kysely wraps a migration in a transaction only on
 * PostgreSQL (its SQLite adapter declares no transactional DDL, though SQLite has it): a migration that copies rows
 * and drops the old tables must not stop halfway on SQLite either.
 */
export async function inOneTransaction<DB>(db: Kysely<DB>, steps: (db: Kysely<DB>) => Promise<void>): Promise<void> {
  if (db.isTransaction) return steps(db);
  await db.transaction().execute(steps);
}
