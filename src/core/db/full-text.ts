import { sql } from 'kysely';
import type { Db } from './index.js';
import { isPostgres } from '#platform/db/migration-helpers.js';

/**
 * THE full-text search, the same call on both engines (the indexes: migrations/0020_diary_search.ts):
 * PostgreSQL matches a tsvector with the German configuration (stemmed, ranked by ts_rank, title above text);
 * SQLite matches an FTS5 table (diacritics folded, ranked by bm25 with the title weighted ten times).
 * Every word must match, each as a prefix ("spazier" finds "Spaziergang").
 *
 * Ranking is capped: of the rows that match, only the `newest` with the highest ids (the most recently written) are
 * ranked, and the best `limit` of them are the answer. A search matching at most `newest` rows is ranked in full,
 * exactly as without the cap; a word in nearly every row costs a bounded amount of work instead of a rank for every
 * match, and the answer says that older matches were left out (`newestOnly`).
 */
export interface FullTextIndex {
  /** The searched table; its `id` is a hit. */
  table: string;
  /** SQLite: the FTS5 table over it (rowid = id). */
  ftsTable: string;
  /** PostgreSQL: the generated tsvector column. */
  vectorColumn: string;
}

export interface FullTextLimits {
  /** The most ids answered, best first. */
  limit: number;
  /** The most matches ranked: the newest (highest ids); when more match, the older ones are left out. */
  newest: number;
}

export interface FullTextHits {
  /** The best `limit` of the ranked matches, best first (equal ranks: newest first). */
  ids: number[];
  /** More than `newest` rows matched, so only the newest `newest` of them were ranked. */
  newestOnly: boolean;
}

const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;
/**
 * PostgreSQL finds the newest `newest + 1` matches one of two ways, with the same answer: reading the scope's rows
 * backwards by id and testing each (cheap for a word in many rows: it stops at `newest + 1` matches), or through the
 * GIN index and a sort by id (cheap for a rare word: it costs the word's matches). The first way is taken when the
 * newest PROBE_ROWS rows (at most the window) hold matches densely enough to find `newest + 1` within the window of
 * `newest × RECENT_WINDOW` rows; it reads at most those, and if they hold too few matches the index is asked after all.
 */
const PROBE_ROWS = 1000;
const RECENT_WINDOW = 4;

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

/** Rows in `scope` (rows whose `scope.column` is one of `scope.ids`) matching every word: the best ids of the newest matches. */
export async function fullTextHits(
  db: Db,
  index: FullTextIndex,
  words: string[],
  scope: { column: string; ids: number[] },
  limits: FullTextLimits,
): Promise<FullTextHits> {
  if (words.length === 0 || scope.ids.length === 0) return { ids: [], newestOnly: false };
  const { limit, newest } = limits;
  const table = sql.table(index.table);
  const id = sql.ref(`${index.table}.id`);
  const inScope = sql`${sql.ref(`${index.table}.${scope.column}`)} in (${sql.join(scope.ids)})`;
  // One row more than are ranked tells whether older matches were left out; `found` counts the candidates.
  let rows: { id: number; found: number }[];
  if (isPostgres(db)) {
    const tsquery = words.map((w) => `${w}:*`).join(' & ');
    const vector = sql.ref(`${index.table}.${index.vectorColumn}`);
    const column = sql.ref(index.vectorColumn);
    const q = sql`to_tsquery('german'::regconfig, ${tsquery})`;
    // The LIMITs inside `probe` and `recent` keep the match test out of the index: the scope's newest rows are read
    // in id order, and `recent` stops at `newest + 1` matches. `recent` runs only when `probe` found its matches
    // dense enough, and of `candidates` only the branch whose condition holds (PostgreSQL's one-time filters).
    const windowRows = newest * RECENT_WINDOW;
    const probeRows = Math.min(PROBE_ROWS, windowRows);
    const result = await sql<{ id: number; found: number }>`with probe as materialized (
        select count(*) as hits from (select ${vector} from ${table} where ${inScope} order by ${id} desc limit ${probeRows}) as probe_rows
        where ${column} @@ ${q}
      ), recent as materialized (
        select id, ${column} from (select ${id}, ${vector} from ${table} where ${inScope} order by ${id} desc limit ${windowRows}) as window_rows
        where (select hits from probe) * ${windowRows} >= ${(newest + 1) * probeRows} and ${column} @@ ${q} order by id desc limit ${newest + 1}
      ), candidates as (
        select id, ${column} from recent where (select count(*) from recent) > ${newest}
        union all
        select id, ${column} from (select ${id}, ${vector} from ${table} where ${vector} @@ ${q} and ${inScope} order by ${id} desc limit ${newest + 1}) as indexed
        where (select count(*) from recent) <= ${newest}
      )
      select id, found from (
        select id, ${column}, row_number() over (order by id desc) as nth, count(*) over () as found from candidates
      ) as numbered where nth <= ${newest}
      order by ts_rank(${column}, ${q}) desc, id desc limit ${limit}`.execute(db);
    rows = result.rows;
  } else {
    const match = words.map((w) => `"${w}"*`).join(' ');
    const fts = sql.table(index.ftsTable);
    // FTS5 walks the matches backwards by rowid and stops at `newest + 1`: bm25 runs for those rows only.
    const result = await sql<{ id: number; found: number }>`select id, found from (
        select id, score, row_number() over (order by id desc) as nth, count(*) over () as found from (
          select ${id} as id, bm25(${fts}, 10.0, 1.0) as score from ${fts} join ${table} on ${id} = ${fts}.rowid
          where ${fts} match ${match} and ${inScope} order by ${fts}.rowid desc limit ${newest + 1}
        ) as newest_matches
      ) as numbered where nth <= ${newest}
      order by score, id desc limit ${limit}`.execute(db);
    rows = result.rows;
  }
  return { ids: rows.map((r) => Number(r.id)), newestOnly: rows.length > 0 && Number(rows[0]?.found) > newest };
}
