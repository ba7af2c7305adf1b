import cluster from 'node:cluster';
import { createApp } from './app.js';
import { bootstrap } from './bootstrap.js';
import { markServing } from '#platform/backup/index.js';
import { runPrimary } from '#platform/cluster.js';
import { ConfigError, loadConfig, type Config } from '#core/config.js';
import { listen } from '#platform/http/listen.js';
import { createLogger } from '#core/logger.js';
import { Scheduler } from '#platform/scheduler/scheduler.js';
import { jobs } from './jobs.js';

/** Closing the database after the grace: background work still running or a hanging query must not hold the exit. */
const CLOSE_GRACE_MS = 3_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (config.webConcurrency > 1 && cluster.isPrimary) {
    const log = createLogger(config.logLevel);
    await runPrimary({
      workers: config.webConcurrency,
      log,
      env: config.workerEnv,
      metrics: Boolean(config.metricsToken),
      prepare: () => bootstrap(config, { serving: false, referenceData: true }).then(({ close }) => close()),
    });
    return;
  }
  await serve(config);
}

/** One serving process: the whole server with WEB_CONCURRENCY=1, or one cluster worker. */
async function serve(config: Config): Promise<void> {
  // A cluster worker finds the reference data loaded by the primary before it forked.
  const { ctx, close } = await bootstrap(config, { referenceData: !cluster.isWorker });
  markServing(config.dataDir); // a restore refuses while this process runs
  if (cluster.isWorker) ctx.log.setBindings({ worker: cluster.worker?.id, pid: process.pid });
  const { drain } = await listen(createApp(ctx), { port: config.port, host: config.host, keepAliveTimeoutMs: config.keepAliveTimeoutMs });
  ctx.log.info({ url: `http://localhost:${config.port}`, build: config.build, engine: ctx.engine }, `${config.appName} läuft`);
  // Every cluster worker runs the scheduler, as every instance on other machines does: the lease row per job lets
  // one process run a slot and the others find it taken. Electing "worker 1" would need a new elected worker
  // whenever that one dies; the lease already is the election, per slot.
  const scheduler = new Scheduler(ctx, jobs);
  if (config.jobsEnabled) scheduler.start();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const deadline = Date.now() + config.shutdownGraceMs;
    ctx.log.info({ signal }, 'shutting down');
    // Stop accepting and let requests in flight finish while running jobs finish (or give their leases back).
    const [drained, runs] = await Promise.all([drain(deadline), scheduler.drain(deadline)]);
    // Work the requests left behind (a photo's place name) gets the rest of the grace; close() waits for it too.
    const settled = await Promise.race([
      ctx.background.settled().then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), Math.max(0, deadline - Date.now())).unref()),
    ]);
    ctx.log.info({ drained, jobsFinished: runs.finished, jobsInterrupted: runs.interrupted, backgroundSettled: settled }, 'requests and jobs done');
    setTimeout(() => {
      ctx.log.warn('database close took too long; exiting');
      process.exit(0);
    }, CLOSE_GRACE_MS).unref();
    try {
      await close();
    } catch (err) {
      ctx.log.error({ err }, 'database close failed');
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  console.error('Start fehlgeschlagen:', err);
  process.exit(1);
});
