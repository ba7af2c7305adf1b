import cluster from 'node:cluster';
import type { RequestHandler } from 'express';
import type { Metric, Registry } from 'prom-client';
import type { Db } from '#core/db/index.js';
import type { Logger } from '#core/logger.js';
import { countPendingMail } from '../mail/outbox.repo.js';
import { countQueued } from '#core/push/deliveries.repo.js';
import { metricsFromPrimary } from './cluster-metrics.js';
import { JobRuns, RequestDurations, UNMATCHED_ROUTE } from './request-durations.js';

/** What pg.Pool tells about its connections (PostgreSQL only). */
export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * The operator's metrics (METRICS_TOKEN set; decisions: Operator and hardening): request durations and job runs are
 * counted from the first request on, by hand (request-durations.ts); prom-client (loaded here, so a server without
 * metrics never carries it) adds Node's default process metrics, the queue depths and the database pool, read when
 * Prometheus scrapes. In a cluster worker the registry is also the one the primary aggregates.
 */
export class Metrics {
  readonly requests = new RequestDurations();
  readonly jobs = new JobRuns();
  /** Settles once prom-client is loaded and the registry is set up (bootstrap and the test app wait for it). */
  readonly ready: Promise<void>;
  #registry: Registry | undefined;

  constructor(deps: { db: Db; pool?: PoolStats; log: Logger }) {
    this.ready = import('prom-client').then((client) => {
      const registry = new client.Registry();
      client.collectDefaultMetrics({ register: registry });
      registry.registerMetric(this.requests as unknown as Metric);
      registry.registerMetric(this.jobs as unknown as Metric);
      // The queues live in the database: every worker reads the same number, so the cluster takes the largest.
      const depth = (name: string, help: string, read: (db: Db) => Promise<number>) =>
        new client.Gauge({
          name,
          help,
          registers: [registry],
          aggregator: 'max',
          async collect() {
            try {
              this.set(await read(deps.db));
            } catch (err) {
              deps.log.warn({ err, metric: name }, 'metrics: queue depth not read');
            }
          },
        });
      depth('push_queue_depth', 'Web pushes waiting to be sent (due or held for a retry).', countQueued);
      depth('mail_queue_depth', 'Mails waiting in the outbox (due or retried later).', countPendingMail);
      const pool = deps.pool;
      if (pool) {
        new client.Gauge({
          name: 'db_pool_connections',
          help: 'PostgreSQL connections of this process, by state.',
          labelNames: ['state'],
          registers: [registry],
          collect() {
            this.set({ state: 'idle' }, pool.idleCount);
            this.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
          },
        });
        new client.Gauge({
          name: 'db_pool_waiting_requests',
          help: 'Queries waiting for a free PostgreSQL connection in this process.',
          registers: [registry],
          collect() {
            this.set(pool.waitingCount);
          },
        });
      }
      if (cluster.isWorker) {
        // The primary's AggregatorRegistry asks each worker for this registry (prom-client's cluster protocol).
        client.AggregatorRegistry.setRegistries([registry]);
        new client.AggregatorRegistry();
      }
      this.#registry = registry;
    });
  }

  /** Times every request (the first of the app's middlewares); the route label is the route's template. */
  timer(): RequestHandler {
    const durations = this.requests;
    return (req, res, next) => {
      const start = performance.now();
      res.once('finish', () => {
        // Set by Express when a route took the request: its path as registered (`/api/dogs/:dogId`), never the URL.
        const path: unknown = req.route?.path;
        const route = path === undefined ? UNMATCHED_ROUTE : typeof path === 'string' ? path : String(path);
        durations.observe(req.method, route, res.statusCode, (performance.now() - start) / 1000);
      });
      next();
    };
  }

  /** The text format: this process's registry, or with several workers all of theirs, summed by the primary. */
  async render(): Promise<{ contentType: string; body: string }> {
    await this.ready;
    if (cluster.isWorker) return metricsFromPrimary();
    const registry = this.#registry!;
    return { contentType: registry.contentType, body: await registry.metrics() };
  }
}
