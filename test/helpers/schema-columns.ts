import { sql, type Kysely } from 'kysely';

/** A column of the migrated database as the engine reports it. */
export interface SchemaColumn {
  table: string;
  column: string;
  /** Holds text (varchar/text): the only columns that can name a stored file. */
  text: boolean;
}

/**
 * Every column of every table of the database as it is after the migrations, read from the engine's own catalogue
 * (SQLite's pragma_table_info, PostgreSQL's information_schema): a table a new migration adds is in it without
 * anyone listing it.
 */
export async function schemaColumns(db: Kysely<any>, engine: 'sqlite' | 'postgres'): Promise<SchemaColumn[]> {
  if (engine === 'sqlite') {
    const { rows } = await sql<{ table: string; column: string; type: string }>`
      select m.name as "table", c.name as "column", c.type as type
      from sqlite_master m join pragma_table_info(m.name) c
      where m.type = 'table' and m.name not like 'sqlite_%'
      order by m.name, c.cid`.execute(db);
    return rows.map((r) => ({ table: r.table, column: r.column, text: /char|text|clob/i.test(r.type) }));
  }
  const { rows } = await sql<{ table: string; column: string; type: string }>`
    select c.table_name as "table", c.column_name as "column", c.data_type as type
    from information_schema.columns c join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(db);
  return rows.map((r) => ({ table: r.table, column: r.column, text: /char|text/i.test(r.type) }));
}
