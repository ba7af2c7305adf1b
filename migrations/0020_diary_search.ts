import { sql, type Kysely } from 'kysely';
import { isPostgres } from '#platform/db/migration-helpers.js';

/**
 * Full-text search over diary titles and texts (decisions: Diary search), one index per engine behind
 * core/db/full-text.ts:
 * - PostgreSQL: a generated tsvector with the German configuration (stemming: „Spaziergänge“ finds „Spaziergang“),
 *   the title weighted above the text, in a GIN index.
 * - SQLite: an FTS5 table over the entries (external content, kept in step by triggers), unicode61 without
 *   diacritics so „Käse“ and „Kase“ meet; prefix queries stand in for stemming.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table diary_entries add column search_vector tsvector generated always as (
      setweight(to_tsvector('german'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('german'::regconfig, coalesce(text, '')), 'B')
    ) stored`.execute(db);
    await sql`create index diary_entries_search_idx on diary_entries using gin (search_vector)`.execute(db);
    return;
  }
  await sql`create virtual table diary_fts using fts5(title, text, content='diary_entries', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`.execute(
    db,
  );
  await sql`create trigger diary_fts_insert after insert on diary_entries begin
    insert into diary_fts(rowid, title, text) values (new.id, new.title, new.text);
  end`.execute(db);
  await sql`create trigger diary_fts_delete after delete on diary_entries begin
    insert into diary_fts(diary_fts, rowid, title, text) values ('delete', old.id, old.title, old.text);
  end`.execute(db);
  await sql`create trigger diary_fts_update after update of title, text on diary_entries begin
    insert into diary_fts(diary_fts, rowid, title, text) values ('delete', old.id, old.title, old.text);
    insert into diary_fts(rowid, title, text) values (new.id, new.title, new.text);
  end`.execute(db);
  await sql`insert into diary_fts(diary_fts) values ('rebuild')`.execute(db);
}
