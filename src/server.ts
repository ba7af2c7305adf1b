import { createApp } from './app.js';
import { bootstrap } from './bootstrap.js';
import { ConfigError, loadConfig } from './core/config.js';
import { Scheduler } from './core/scheduler/scheduler.js';
import { jobs } from './jobs.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { ctx, close } = await bootstrap(config);
  const app = createApp(ctx);
  const server = app.listen(config.port, config.host, () => {
    ctx.log.info({ url: `http://localhost:${config.port}`, build: config.build, engine: ctx.engine }, `${config.appName} läuft`);
  });
  const scheduler = new Scheduler(ctx, jobs);
  if (config.jobsEnabled) scheduler.start();

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.log.info({ signal }, 'shutting down');
    scheduler.stop();
    server.close(() => {
      void close().then(() => process.exit(0));
    });
    // In-flight requests get at most 10 s (decisions: several instances); keep-alive connections would hold close()
    // open longer, so the process goes then.
    setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** How long in-flight requests may take to finish after SIGTERM. */
const SHUTDOWN_GRACE_MS = 10_000;

main().catch((err: unknown) => {
  console.error('Start fehlgeschlagen:', err);
  process.exit(1);
});
