// After the fuzz run: is the database whole, and are the owner's private records as they were?
// SQLite: PRAGMA integrity_check and foreign_key_check. PostgreSQL: every table read to the end (a count each) and
// every foreign key checked for rows that point nowhere.
import { sql, type Kysely } from 'kysely';
import type { TestApp } from '../helpers/test-app.js';
import type { ProtectedRecord } from './world.js';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function sqliteProblems(db: Kysely<any>): Promise<string[]> {
  const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
  const problems = integrity.rows.map((r) => Object.values(r)[0] as string).filter((v) => v !== 'ok');
  const fk = await sql<{ table: string; rowid: number; parent: string }>`pragma foreign_key_check`.execute(db);
  for (const r of fk.rows.slice(0, 20)) problems.push(`foreign key: ${r.table} row ${r.rowid} points to a missing ${r.parent}`);
  return problems;
}

async function postgresProblems(db: Kysely<any>): Promise<string[]> {
  const problems: string[] = [];
  const tables = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema() order by tablename`.execute(db);
  for (const { name } of tables.rows) {
    try {
      await sql`select count(*) from ${sql.raw(quote(name))}`.execute(db);
    } catch (err) {
      problems.push(`table ${name} cannot be read: ${String(err)}`);
    }
  }
  const keys = await sql<{ child: string; parent: string; child_cols: string[]; parent_cols: string[] }>`
    select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
      array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as child_cols,
      array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as parent_cols
    from pg_constraint c where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`.execute(db);
  for (const k of keys.rows) {
    const on = k.child_cols.map((c, i) => `p.${quote(k.parent_cols[i]!)} = c.${quote(c)}`).join(' and ');
    const notNull = k.child_cols.map((c) => `c.${quote(c)} is not null`).join(' and ');
    const orphans = await sql<{ n: number }>`select count(*)::int as n from ${sql.raw(k.child)} c
      where ${sql.raw(notNull)} and not exists (select 1 from ${sql.raw(k.parent)} p where ${sql.raw(on)})`.execute(db);
    const n = orphans.rows[0]?.n ?? 0;
    if (n > 0) problems.push(`foreign key: ${n} row(s) of ${k.child} point to a missing ${k.parent}`);
  }
  return problems;
}

/** Problems of the database as a whole; empty when it is sound. */
export async function databaseProblems(t: TestApp): Promise<string[]> {
  const db = t.ctx.db as unknown as Kysely<any>;
  return t.ctx.config.databaseUrl ? postgresProblems(db) : sqliteProblems(db);
}

/** The protected records that are gone or whose marker field changed. */
export async function damagedRecords(t: TestApp, records: ProtectedRecord[]): Promise<string[]> {
  const db = t.ctx.db as unknown as Kysely<any>;
  const damaged: string[] = [];
  for (const r of records) {
    const row = await db.selectFrom(r.table).select(r.column).where('id', '=', r.id).executeTakeFirst();
    if (!row) damaged.push(`${r.table} ${r.id} is gone`);
    else if (!String(row[r.column]).includes(r.marker))
      damaged.push(`${r.table} ${r.id}: ${r.column} changed to ${JSON.stringify(String(row[r.column]).slice(0, 80))}`);
  }
  return damaged;
}
