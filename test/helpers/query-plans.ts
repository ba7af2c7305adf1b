/**
 * The query-plan guard's tools (test/core/query-plans.test.ts): capture each statement a request runs with its
 * bound parameters (openDb's `onQuery`), ask the database how it would run it, and name the full scans of tables
 * that grow with the service.
 *
 * - SQLite: `EXPLAIN QUERY PLAN`. A row `SCAN <table>` reads the whole table. `SCAN <table> USING [COVERING] INDEX`
 *   walks an index (a covering one, or one that gives ORDER BY its order) and is accepted; so are virtual tables
 *   (R*Tree) and subqueries.
 * - PostgreSQL: `EXPLAIN (FORMAT JSON)` inside a transaction with `enable_seqscan = off`. A small test database would
 *   make the planner choose a Seq Scan where a big one would not; with seq scans switched off, a Seq Scan that is
 *   still in the plan means no index can serve the statement at all.
 */
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { AppContext } from '../../src/core/context.js';

export interface Captured {
  sql: string;
  parameters: readonly unknown[];
}

export interface QueryCapture {
  /** Hand to createTestApp({ onQuery }). */
  onQuery: (sql: string, parameters: readonly unknown[]) => void;
  /** Runs `fn` and returns the statements it caused. */
  during(fn: () => PromiseLike<unknown>): Promise<Captured[]>;
}

export function queryCapture(): QueryCapture {
  let heard: Captured[] | undefined;
  return {
    onQuery: (text, parameters) => heard?.push({ sql: text, parameters }),
    async during(fn) {
      heard = [];
      try {
        await fn();
        return heard;
      } finally {
        heard = undefined;
      }
    },
  };
}

/** Statements that have no plan (transactions, savepoints, pragmas, the explain itself). */
const NO_PLAN = /^\s*(begin|commit|rollback|savepoint|release|pragma|set |explain|select 1\b)/i;

export const hasPlan = (statement: string) => !NO_PLAN.test(statement);

/** Table names behind the aliases of a statement (`"users" as "other"`), so a plan row naming an alias is understood. */
function aliases(statement: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of statement.matchAll(/"?(\w+)"?\s+as\s+"?(\w+)"?/gi)) map.set(m[2]!, m[1]!);
  return map;
}

/** The database's tables (a plan also names subqueries and CTEs, which are no tables). */
export async function tableNames(ctx: AppContext): Promise<Set<string>> {
  const db = ctx.db as unknown as Kysely<any>;
  const { rows } =
    ctx.engine === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)
      : await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db);
  return new Set(rows.map((r) => r.name));
}

/** The tables a plan reads in full. */
export async function fullScans(ctx: AppContext, statement: Captured): Promise<{ tables: string[]; plan: string }> {
  const db = ctx.db as unknown as Kysely<any>;
  if (ctx.engine === 'sqlite') {
    const { rows } = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]));
    const names = aliases(statement.sql);
    const tables: string[] = [];
    for (const { detail } of rows) {
      const m = /^SCAN (\S+)(?: AS (\S+))?(.*)$/.exec(detail);
      if (!m || /USING (COVERING )?INDEX|VIRTUAL TABLE/.test(m[3] ?? '')) continue;
      tables.push(names.get(m[1]!) ?? m[1]!);
    }
    return { tables, plan: rows.map((r) => r.detail).join(' | ') };
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`explain (format json) ${statement.sql}`, [...statement.parameters]));
    const tables: string[] = [];
    const lines: string[] = [];
    const walk = (node: Record<string, unknown>) => {
      const type = String(node['Node Type']);
      const relation = node['Relation Name'] as string | undefined;
      lines.push(relation ? `${type} on ${relation}` : type);
      if (type === 'Seq Scan' && relation) tables.push(relation);
      for (const child of (node['Plans'] as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    const raw = rows[0]?.['QUERY PLAN'];
    const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Record<string, unknown> }[];
    walk(doc[0]!.Plan);
    return { tables, plan: lines.join(' | ') };
  });
}
