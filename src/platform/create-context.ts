import { SessionManager } from '#core/auth/session.js';
import { BackgroundTasks } from './background.js';
import { TokenService } from '#core/auth/tokens.js';
import { systemClock, type Clock } from '#core/clock.js';
import type { Config } from '#core/config.js';
import type { AppContext } from '#core/context.js';
import type { DbHandle } from '#core/db/index.js';
import { IpBlocklist } from '#core/http/guards/ip-blocklist.js';
import { createOpenApiRegistry } from '#core/http/route/openapi.js';
import { createRateLimiters } from '#core/http/guards/rate-limit.js';
import { ErrorCounter } from './error-digest/error-counter.js';
import { onLoggedError, type Logger } from '#core/logger.js';
import { MailOutbox } from './mail/outbox.js';
import { Metrics } from './metrics/metrics.js';
import { createMediaStore } from '#core/media/store/index.js';
import { logTransport, smtpTransport, type MailTransport } from './mail/transport.js';
import { PushDispatcher } from '#core/push/dispatcher.js';

export interface ContextOptions {
  config: Config;
  dbHandle: DbHandle;
  log: Logger;
  clock?: Clock;
  mailTransport?: MailTransport;
}

/** Builds the shared services once; the app, the scheduler and the CLI all take them from here. */
export function createContext(options: ContextOptions): AppContext {
  const { config, dbHandle, log } = options;
  const clock = options.clock ?? systemClock;
  const transport = options.mailTransport ?? (config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl, config.mail.from) : logTransport(log));
  const db = dbHandle.db;
  const errors = new ErrorCounter({ db, clock, timeZone: config.timeZone, log });
  onLoggedError(log, (message) => errors.record(message));
  const background = new BackgroundTasks(log);
  return {
    config,
    db,
    engine: dbHandle.engine,
    log,
    clock,
    mail: new MailOutbox(db, transport, clock, log, background),
    media: createMediaStore(config, log),
    background,
    push: new PushDispatcher({ db, clock, log, config }),
    errors,
    sessions: new SessionManager(
      db,
      new TokenService(config.auth.jwtSecret),
      clock,
      {
        expiryDays: config.auth.expiryDays,
        refreshFraction: config.auth.refreshFraction,
        sessionMaxDays: config.auth.sessionMaxDays,
        cookieSecure: config.auth.cookieSecure,
        staffSecondFactor: config.auth.staffSecondFactor,
      },
      dbHandle.writes,
    ),
    blocklist: new IpBlocklist(db, clock, log),
    limits: createRateLimiters(config.rateLimitsEnabled, db),
    metrics: config.metricsToken ? new Metrics({ db, pool: dbHandle.pool, log }) : null,
    openapi: createOpenApiRegistry(),
    accountDeletionSteps: [],
    accountDeletionNotices: [],
    exportSections: [],
  };
}
