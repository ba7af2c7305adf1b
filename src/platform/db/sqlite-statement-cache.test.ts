import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withStatementCache } from './sqlite-dialect.js';

/**
 * better-sqlite3 does not cache prepared statements, and Kysely's SqliteDriver calls prepare() for every query:
 * the connection keeps them by SQL text (sqlite-dialect.ts), least recently used out first.
 */
describe('SQLite statement cache', () => {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('create table t (id integer primary key, v text)');
  afterEach(() => vi.restoreAllMocks());

  it('prepares a statement once and hands out the same one for the same text', () => {
    const prepare = vi.spyOn(sqlite, 'prepare');
    const db = withStatementCache(sqlite);
    const first = db.prepare('select v from t where id = ?');
    const again = db.prepare('select v from t where id = ?');
    expect(again).toBe(first);
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('keeps at most `size` statements, the least recently used out first', () => {
    const prepare = vi.spyOn(sqlite, 'prepare');
    const db = withStatementCache(sqlite, 2);
    const a = db.prepare('select 1');
    db.prepare('select 2');
    db.prepare('select 1'); // a is now the most recent
    db.prepare('select 3'); // pushes out "select 2"
    expect(prepare).toHaveBeenCalledTimes(3);
    expect(db.prepare('select 1')).toBe(a);
    expect(prepare).toHaveBeenCalledTimes(3);
    db.prepare('select 2');
    expect(prepare).toHaveBeenCalledTimes(4);
  });
});
