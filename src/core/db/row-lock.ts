import { sql } from 'kysely';
import type { Db } from './index.js';
import { isPostgres } from '#platform/db/migration-helpers.js';

/** The rows a limit is counted under: the parent whose children a cap counts (an entry's photos, a dog's members). */
export type LockableTable = 'users' | 'dogs' | 'diary_entries' | 'litters' | 'poison_warnings' | 'playdates';

/**
 * THE lock for "count, then insert against a limit": takes the parent row's lock for the rest of the transaction,
 * so two requests for the same parent count and insert one after the other and a cap cannot be passed by racing.
 * PostgreSQL: `SELECT … FOR NO KEY UPDATE` (it waits for the holder; it does not block inserts of children, whose
 * foreign-key checks take only a key-share lock). SQLite: every transaction starts with BEGIN IMMEDIATE
 * (sqlite-dialect.ts), which holds the database's write lock already, so the read only says whether the row exists.
 * Answers false when the row is gone.
 */
export async function lockRow(trx: Db, table: LockableTable, id: number): Promise<boolean> {
  if (!trx.isTransaction) throw new Error(`lockRow(${table}) outside a transaction locks nothing`);
  const lock = isPostgres(trx) ? sql` for no key update` : sql``;
  const { rows } = await sql<{ id: number }>`select id from ${sql.table(table)} where id = ${id}${lock}`.execute(trx);
  return rows.length > 0;
}
