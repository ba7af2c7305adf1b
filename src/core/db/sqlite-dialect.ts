import { CompiledQuery, type DatabaseConnection, type Driver, SqliteDialect, SqliteDriver, type SqliteDialectConfig } from 'kysely';

/**
 * SQLite transactions start with BEGIN IMMEDIATE: the write lock is taken at once, so two OS processes
 * racing on one file wait on busy_timeout instead of failing with SQLITE_BUSY when a read upgrades to a write.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
