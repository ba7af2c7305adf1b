import cluster, { type Worker } from 'node:cluster';
import type { Logger } from '#core/logger.js';
import { answerMetricsRequests } from './metrics/cluster-metrics.js';

/**
 * All cores of one machine (WEB_CONCURRENCY=N > 1): this primary process serves nothing itself. It prepares the
 * database once, forks N workers that each run the whole app (own database handle, own scheduler) and share the
 * port (node:cluster hands them the connections in turn), restarts a worker that dies, and on SIGTERM/SIGINT
 * drains them all and exits 0 once the last is gone. With N = 1 the server does not use node:cluster at all.
 */

/** A worker that dies this soon after its start counts as a crash loop: its restart waits longer each time. */
const CRASH_LOOP_MS = 10_000;
const FIRST_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 30_000;
/** Restart after a worker that ran a while died (a single crash): at once, nearly. */
const QUICK_RESTART_MS = 100;
/** A worker gets its own 10 s drain and the database close; after this it is killed. */
const WORKER_STOP_MS = 15_000;

export interface PrimaryOptions {
  workers: number;
  log: Logger;
  /**
   * Runs once before the first fork: migrations and reference data, so N workers starting together do not race
   * on them (kysely's migration lock is per process on SQLite). Dev secrets are generated before this too, by
   * loadConfig in the primary, so every worker reads the same ones.
   */
  prepare: () => Promise<void>;
  /**
   * Added to each worker's environment (config.workerEnv): glibc's malloc settings (MALLOC_ARENA_MAX and the two
   * thresholds), which glibc reads only when a process starts, so the primary sets them for its workers
   * (docs/operations.md, "Memory").
   */
  env?: Readonly<Record<string, string>>;
  /** METRICS_TOKEN is set: the primary sums its workers' metrics for a scrape (platform/metrics/cluster-metrics.ts). */
  metrics?: boolean;
}

export async function runPrimary({ workers, log, prepare, env = {}, metrics = false }: PrimaryOptions): Promise<void> {
  await prepare();
  if (metrics) await answerMetricsRequests();

  let stopping = false;
  let crashStreak = 0;
  const startedAt = new Map<Worker, number>();
  const restarts = new Set<NodeJS.Timeout>();

  const fork = () => {
    const worker = cluster.fork(env);
    startedAt.set(worker, Date.now());
  };

  cluster.on('listening', (worker) => log.info({ worker: worker.id, pid: worker.process.pid }, 'worker listening'));

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? Date.now());
    startedAt.delete(worker);
    if (stopping) {
      log.info({ worker: worker.id, pid: worker.process.pid, code, signal }, 'worker stopped');
      if (startedAt.size === 0) {
        log.info('all workers stopped');
        process.exit(0);
      }
      return;
    }
    // Any exit the primary did not ask for is a crash (an uncaught error, the OOM killer, a stray kill).
    crashStreak = lived < CRASH_LOOP_MS ? crashStreak + 1 : 0;
    const delay = crashStreak === 0 ? QUICK_RESTART_MS : Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (crashStreak - 1));
    log.error({ worker: worker.id, pid: worker.process.pid, code, signal, livedMs: lived, restartInMs: delay }, 'worker died; starting a new one');
    const timer = setTimeout(() => {
      restarts.delete(timer);
      if (!stopping) fork();
    }, delay);
    restarts.add(timer);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const timer of restarts) clearTimeout(timer);
    restarts.clear();
    log.info({ signal, workers: startedAt.size }, 'shutting down: draining the workers');
    if (startedAt.size === 0) process.exit(0);
    // Each worker drains itself on SIGTERM exactly as a single process does (src/server.ts). From a terminal,
    // Ctrl-C reaches the workers directly too; a second signal changes nothing.
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of startedAt.keys()) {
        log.error({ worker: worker.id, pid: worker.process.pid }, 'worker did not stop in time; killed');
        worker.process.kill('SIGKILL');
      }
    }, WORKER_STOP_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < workers; i++) fork();
  log.info({ workers, pid: process.pid }, 'cluster primary started');
}
