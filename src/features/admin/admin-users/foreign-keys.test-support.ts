import { sql } from 'kysely';
import type { Db, DbEngine } from '#core/db/index.js';

export interface ForeignKey {
  table: string;
  column: string;
  refTable: string;
  refColumn: string;
  /** cascade, set null, restrict, no action, set default (lower case on both engines). */
  onDelete: string;
}

const PG_DELETE_RULES: Record<string, string> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' };

/** Every single-column foreign key of the schema, read from the catalog of either engine. Test support only. */
export async function listForeignKeys(db: Db, engine: DbEngine): Promise<ForeignKey[]> {
  if (engine === 'postgres') {
    const { rows } = await sql<{ table: string; column: string; ref_table: string; ref_column: string; deltype: string }>`
      select c.conrelid::regclass::text as table, a.attname as column,
             c.confrelid::regclass::text as ref_table, af.attname as ref_column, c.confdeltype as deltype
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      join pg_attribute af on af.attrelid = c.confrelid and af.attnum = c.confkey[1]
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace`.execute(db);
    return rows.map((r) => ({
      table: r.table,
      column: r.column,
      refTable: r.ref_table,
      refColumn: r.ref_column,
      onDelete: PG_DELETE_RULES[r.deltype] ?? r.deltype,
    }));
  }
  const { rows: tables } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const keys: ForeignKey[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{ table: string; from: string; to: string; on_delete: string }>`select * from pragma_foreign_key_list(${name})`.execute(db);
    for (const r of rows) keys.push({ table: name, column: r.from, refTable: r.table, refColumn: r.to, onDelete: r.on_delete.toLowerCase() });
  }
  return keys;
}

/** Rows whose foreign key points at nothing. */
export async function countOrphans(db: Db, fk: ForeignKey): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from ${sql.table(fk.table)} t
    where t.${sql.ref(fk.column)} is not null
      and not exists (select 1 from ${sql.table(fk.refTable)} r where r.${sql.ref(fk.refColumn)} = t.${sql.ref(fk.column)})`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Rows that still point at one of the given ids through this key. */
export async function countReferencing(db: Db, fk: ForeignKey, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from ${sql.table(fk.table)} where ${sql.ref(fk.column)} in (${sql.join(ids)})`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
