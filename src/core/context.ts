import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { SessionManager } from './auth/session.js';
import type { BackgroundTasks } from '#platform/background.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db, DbEngine } from './db/index.js';
import type { ErrorCounter } from '#platform/error-digest/error-counter.js';
import type { ExportSection } from './export/export-writer.js';
import type { IpBlocklist } from './http/guards/ip-blocklist.js';
import type { RateLimiters } from './http/guards/rate-limit.js';
import type { Logger } from './logger.js';
import type { MediaStore } from './media/store/media-store.js';
import type { MailOutbox } from '#platform/mail/outbox.js';
import type { Metrics } from '#platform/metrics/metrics.js';
import type { PushDispatcher } from './push/dispatcher.js';

/** What every area gets: the shared services, built once by createContext. */
export interface AppContext {
  config: Config;
  db: Db;
  engine: DbEngine;
  log: Logger;
  clock: Clock;
  mail: MailOutbox;
  /** Users' files (photos, documents, exports): the local folder or an S3-compatible store (core/media/store). */
  media: MediaStore;
  /** Work after a request's answer (a photo's place name); awaited at shutdown and by tests. */
  background: BackgroundTasks;
  /** Sends the push queue; `notify` (core/push) kicks it after commit. */
  push: PushDispatcher;
  /** Errors logged (level ≥ error) counted per day for the 06:30 digest. */
  errors: ErrorCounter;
  sessions: SessionManager;
  blocklist: IpBlocklist;
  limits: RateLimiters;
  /** Prometheus metrics (platform/metrics), only with METRICS_TOKEN set. */
  metrics: Metrics | null;
  openapi: OpenAPIRegistry;
  /**
   * Steps areas register (their manifests' `accountDeletion`, core/area.ts) to run in the account-deletion transaction after the user row is gone, for
   * what ON DELETE cannot express (the forum: a thread left without posts goes).
   */
  accountDeletionSteps: AccountDeletionStep[];
  /**
   * Steps that read, in the same transaction but before the user row goes, whom the deletion concerns (the
   * participants of the playdates it cancels); each returns what to send them once the deletion is committed.
   */
  accountDeletionNotices: AccountDeletionNotice[];
  /** What each area writes into a user's data export (core/export; their manifests' `exportSections`, and recordRoutes). */
  exportSections: ExportSection[];
}

export type AccountDeletionStep = (trx: Db, userId: number) => Promise<void>;
/** Reads before the deletion; the function it returns runs after the commit (never for a deletion that failed). */
export type AccountDeletionNotice = (trx: Db, userId: number) => Promise<() => Promise<void>>;

/** A scheduled job: safe to rerun, works in batches, returns how many things it handled. */
export interface Job {
  name: string;
  /** Cron expression in the app's time zone (TZ_APP). */
  schedule: string;
  /** Where the operator sets the time (BACKUP_CRON): the pattern under this configuration, null = not scheduled. */
  scheduleFrom?: (config: Config) => string | null;
  run(ctx: AppContext): Promise<number>;
}
