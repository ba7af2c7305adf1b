import type SQLite from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, type Driver, SqliteDialect, SqliteDriver, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { RecencyMap } from '#core/recency-map.js';

/**
 * SQLite transactions start with BEGIN IMMEDIATE: the write lock is taken at once, so two OS processes
 * racing on one file wait on busy_timeout instead of failing with SQLITE_BUSY when a read upgrades to a write.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  constructor(
    config: ConstructorParameters<typeof SqliteDriver>[0],
    private readonly onCommit: () => void,
  ) {
    super(config);
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await super.commitTransaction(connection);
    this.onCommit();
  }
}

/**
 * Kysely prepares every query anew; preparing was the largest single cost of a session lookup (profiled under
 * load). Queries built by Kysely have a small set of distinct SQL texts, so prepared statements are kept by text
 * (least recently used out first). Kysely runs one query at a time on this connection, so a statement is never
 * used by two queries at once. `size` is SQLITE_STATEMENT_CACHE (500); 0 prepares every statement anew.
 */
export function withStatementCache(db: SQLite.Database, size = 500): SqliteDatabase {
  if (size === 0) return { close: () => db.close(), prepare: (sql: string) => db.prepare(sql) };
  const cache = new RecencyMap<string, SqliteStatement>();
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const hit = cache.get(sql);
      if (hit) return hit;
      const statement = db.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > size) cache.evict();
      return statement;
    },
  };
}

/** SQLite with BEGIN IMMEDIATE transactions that reports each commit (see write-watch.ts). */
export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];
  readonly #onCommit: () => void;
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0], onCommit: () => void = () => undefined) {
    super(config);
    this.#config = config;
    this.#onCommit = onCommit;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config, this.#onCommit);
  }
}
