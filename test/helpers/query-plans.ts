/**
 * The query-plan guard's tools (test/core/query-plans.test.ts): capture each statement a request runs with its
 * bound parameters (openDb's `onQuery`), ask the database how it would run it, and name the full scans of tables
 * that grow with the service.
 *
 * - SQLite: `EXPLAIN QUERY PLAN`. A row `SCAN <table>` reads the whole table. `SCAN <table> USING [COVERING] INDEX`
 *   walks an index (a covering one, or one that gives ORDER BY its order) and is accepted; so are virtual tables
 *   (R*Tree) and subqueries.
 * - PostgreSQL: `EXPLAIN (FORMAT JSON)` on the ANALYZEd database. A Seq Scan counts only on a table the seeding made
 *   big (bigTables): on a table of a few rows a Seq Scan is the planner's honest choice even where a good index
 *   exists. (Switching seq scans off instead hides the problem: the planner then walks a whole index, which reads
 *   everything as well but is no Seq Scan.) An index scan on such a table whose condition does not bound the index's
 *   leading column counts as a full read too (a BitmapOr over two columns of one pair index). The SQLite pass is the strict one: without statistics SQLite plans by
 *   the schema alone, and shows a statement that no index serves as `SCAN <table>` whatever the table's size.
 */
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { AppContext } from '#core/context.js';

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

/** PostgreSQL: the tables with at least `min` rows, by the statistics of the last ANALYZE. */
export async function bigTables(ctx: AppContext, min: number): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and n.nspname = current_schema() and c.reltuples >= ${min}`.execute(ctx.db);
  return new Set(rows.map((r) => r.name));
}

/** PostgreSQL: each index's table and leading column. */
export async function indexLeads(ctx: AppContext): Promise<Map<string, { table: string; first: string }>> {
  const { rows } = await sql<{ index: string; table: string; first: string }>`
    select i.relname as index, t.relname as table, a.attname as first
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    join pg_attribute a on a.attrelid = x.indrelid and a.attnum = x.indkey[0]
    where n.nspname = current_schema()`.execute(ctx.db);
  return new Map(rows.map((r) => [r.index, { table: r.table, first: r.first }]));
}

/** The tables a plan reads in full (on PostgreSQL pass `indexes` from indexLeads to see whole-index walks too). */
export async function fullScans(
  ctx: AppContext,
  statement: Captured,
  indexes = new Map<string, { table: string; first: string }>(),
): Promise<{ tables: string[]; plan: string }> {
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
  {
    const { rows } = await db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`explain (format json) ${statement.sql}`, [...statement.parameters]));
    const tables: string[] = [];
    const lines: string[] = [];
    const walk = (node: Record<string, unknown>, limited: boolean) => {
      const type = String(node['Node Type']);
      const relation = node['Relation Name'] as string | undefined;
      const index = indexes.get(String(node['Index Name']));
      lines.push(relation ? `${type} on ${relation}` : index ? `${type} on ${index.table}` : type);
      if (type === 'Seq Scan' && relation) tables.push(relation);
      // An index scan whose condition does not bound the index's leading column walks the whole index (as the
      // OR over both pair columns did on friendships): a full read too, unless it gives a Limit above its order
      // (nothing that gathers all rows between them) and so stops early.
      const cond = String(node['Index Cond'] ?? '');
      const ordered = limited && /^Index (Only )?Scan$/.test(type);
      if (index && /Index/.test(type) && !ordered && !new RegExp(`\\b${index.first}\\b`).test(cond)) tables.push(index.table);
      const keepsOrder = type === 'Limit' || (limited && /^(Nested Loop|Result|Subquery Scan)$/.test(type));
      for (const child of (node['Plans'] as Record<string, unknown>[] | undefined) ?? []) walk(child, keepsOrder);
    };
    const raw = rows[0]?.['QUERY PLAN'];
    const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Record<string, unknown> }[];
    walk(doc[0]!.Plan, false);
    return { tables, plan: lines.join(' | ') };
  }
}
