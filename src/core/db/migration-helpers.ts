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
