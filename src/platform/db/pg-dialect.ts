import { type DatabaseConnection, type Driver, PostgresDialect, type PostgresDialectConfig, PostgresDriver } from 'kysely';

/** PostgreSQL driver that reports each commit (see write-watch.ts). */
class CommitReportingPostgresDriver extends PostgresDriver {
  constructor(
    config: PostgresDialectConfig,
    private readonly onCommit: () => void,
  ) {
    super(config);
  }
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await super.commitTransaction(connection);
    this.onCommit();
  }
}

export class CommitReportingPostgresDialect extends PostgresDialect {
  constructor(
    private readonly dialectConfig: PostgresDialectConfig,
    private readonly onCommit: () => void,
  ) {
    super(dialectConfig);
  }
  override createDriver(): Driver {
    return new CommitReportingPostgresDriver(this.dialectConfig, this.onCommit);
  }
}
