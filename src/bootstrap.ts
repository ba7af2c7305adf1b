import { loadConfig, type Config } from '#core/config.js';
import type { AppContext } from '#core/context.js';
import { createContext } from '#platform/create-context.js';
import { openDb } from '#core/db/index.js';
import { migrateToLatest } from '#platform/db/migrate.js';
import { createLogger } from '#core/logger.js';
import { loadStarterHelp } from './features/public-web/help/index.js';
import { loadBreeds } from './features/public-web/wiki/index.js';

/**
 * Config → database → migrations → shared services: the start of the server and of the CLI.
 * The store check and the blocklist are what a serving process needs; the CLI skips them (`serving: false`).
 * Reference data (breeds, starter help) is loaded once per start: by a serving process, or by the cluster's primary
 * before it forks (`referenceData` true there, false in its workers, which would only hash the same 1,036 breeds
 * again each).
 */
export async function bootstrap(
  config: Config = loadConfig(),
  options: { serving?: boolean; referenceData?: boolean } = {},
): Promise<{ ctx: AppContext; close: () => Promise<void> }> {
  const serving = options.serving !== false;
  const log = createLogger(config.logLevel);
  if (config.generatedSecrets) log.warn({ dataDir: config.dataDir }, 'development secrets generated and stored in the data folder');
  const dbHandle = openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    preparedStatements: config.pgPreparedStatements,
    sqliteCacheMb: config.sqliteCacheMb,
    sqliteStatementCache: config.sqliteStatementCache,
    compiledOnce: config.compiledOnce,
  });
  const applied = await migrateToLatest(dbHandle.db);
  if (applied.length) log.info({ applied }, 'migrations applied');
  const ctx = createContext({ config, dbHandle, log });
  await ctx.metrics?.ready; // a cluster worker must answer the primary's first scrape
  if (serving) await ctx.media.check(); // a missing bucket stops the start with a clear message, not the first upload
  if (options.referenceData ?? serving) {
    await loadBreeds(ctx); // reference data from reference/breeds.json, idempotent
    await loadStarterHelp(ctx); // the starter help articles, each once (admins edit them afterwards)
  }
  if (serving) await ctx.blocklist.load();
  const close = async () => {
    await ctx.background.settled(); // a photo's place name still being looked up writes to the database
    await dbHandle.close();
  };
  return { ctx, close };
}
