import { sql } from 'kysely';
import type { Db } from './index.js';
import { isPostgres } from './migration-helpers.js';

/**
 * THE full-text search, the same call on both engines (the indexes: migrations/0020_diary_search.ts):
 * PostgreSQL matches a tsvector with the German configuration (stemmed, ranked by ts_rank, title above text);
 * SQLite matches an FTS5 table (diacritics folded, ranked by bm25 with the title weighted ten times).
 * Every word must match, each as a prefix ("spazier" finds "Spaziergang").
 */
export interface FullTextIndex {
  /** The searched table; its `id` is a hit. */
  table: string;
  /** SQLite: the FTS5 table over it (rowid = id). */
  ftsTable: string;
  /** PostgreSQL: the generated tsvector column. */
  vectorColumn: string;
}

const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;

/**
 * The words of a search as the engines get them: letters and digits only, so no query syntax of either engine
 * (quotes, AND/OR/NOT, NEAR, :*, &, |, !) can come from a user.
 */
export function searchWords(query: string): string[] {
  const words = query
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .map((w) => w.slice(0, MAX_WORD_LENGTH).toLocaleLowerCase('de'));
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/** Ids of the rows in `scope` (rows whose `scope.column` is one of `scope.ids`) matching every word, best first. */
export async function fullTextIds(db: Db, index: FullTextIndex, words: string[], scope: { column: string; ids: number[] }, limit: number): Promise<number[]> {
  if (words.length === 0 || scope.ids.length === 0) return [];
  const table = sql.table(index.table);
  const inScope = sql`${sql.ref(`${index.table}.${scope.column}`)} in (${sql.join(scope.ids)})`;
  if (isPostgres(db)) {
    const tsquery = words.map((w) => `${w}:*`).join(' & ');
    const vector = sql.ref(`${index.table}.${index.vectorColumn}`);
    const q = sql`to_tsquery('german'::regconfig, ${tsquery})`;
    const rows = await sql<{ id: number }>`select id from ${table} where ${vector} @@ ${q} and ${inScope}
      order by ts_rank(${vector}, ${q}) desc, id desc limit ${limit}`.execute(db);
    return rows.rows.map((r) => Number(r.id));
  }
  const match = words.map((w) => `"${w}"*`).join(' ');
  const fts = sql.table(index.ftsTable);
  const rows = await sql<{ id: number }>`select ${sql.ref(`${index.table}.id`)} as id from ${fts}
    join ${table} on ${sql.ref(`${index.table}.id`)} = ${fts}.rowid
    where ${fts} match ${match} and ${inScope}
    order by bm25(${fts}, 10.0, 1.0), ${sql.ref(`${index.table}.id`)} desc limit ${limit}`.execute(db);
  return rows.rows.map((r) => Number(r.id));
}
