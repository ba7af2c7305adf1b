import { loadConfig, type Config } from './core/config.js';
import type { AppContext } from './core/context.js';
import { createContext } from './core/create-context.js';
import { openDb } from './core/db/index.js';
import { migrateToLatest } from './core/db/migrate.js';
import { createLogger } from './core/logger.js';
import { loadStarterHelp } from './features/public-web/help/index.js';
import { loadBreeds } from './features/public-web/wiki/index.js';

/**
 * Config → database → migrations → shared services: the start of the server and of the CLI.
 * Reference data and the blocklist are what a serving process needs; the CLI skips them (`serving: false`).
 */
export async function bootstrap(config: Config = loadConfig(), options: { serving?: boolean } = {}): Promise<{ ctx: AppContext; close: () => Promise<void> }> {
  const log = createLogger(config.logLevel);
  if (config.generatedSecrets) log.warn({ dataDir: config.dataDir }, 'development secrets generated and stored in the data folder');
  const dbHandle = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrateToLatest(dbHandle.db);
  if (applied.length) log.info({ applied }, 'migrations applied');
  const ctx = createContext({ config, dbHandle, log });
  if (options.serving !== false) {
    await ctx.media.check(); // a missing bucket stops the start with a clear message, not the first upload
    await loadBreeds(ctx); // reference data from reference/breeds.json, idempotent
    await loadStarterHelp(ctx); // the starter help articles, each once (admins edit them afterwards)
    await ctx.blocklist.load();
  }
  const close = async () => {
    await ctx.background.settled(); // a photo's place name still being looked up writes to the database
    await dbHandle.close();
  };
  return { ctx, close };
}
