import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { Logger } from '#core/logger.js';

const SANE_ID = /^[A-Za-z0-9._-]{8,64}$/;
const LOGGER = 'logger';

/**
 * Paths whose rest is a secret, logged only up to the prefix: a calendar feed's address is its own password
 * (decisions: Calendar feed), and so is an emergency card's (`/notfall/<token>`, its photo below it). Case-blind,
 * since Express routes `/Kalender/…` to the same handler.
 */
const SECRET_PREFIXES = /^\/+(kalender|notfall)\/.*/is;

/** A request path (without its query) as logs may show it: with a secret in the path replaced. */
export function loggablePath(path: string): string {
  return path.replace(SECRET_PREFIXES, (_all, prefix: string) => `/${prefix}/[geheim]`);
}

/**
 * Gives each request an id (echoed as X-Request-Id) and logs it once it is done (at level info). This runs on every
 * request, so it does as little as it can: no per-request logger and no property descriptors on `req` (defining an
 * accessor on each request object cost about 15 µs of CPU per request: V8 then treats `req` as a dictionary for
 * the rest of the request). A request's own logger is made by `requestLogger(req)` when something is logged.
 */
export function requestLog(log: Logger): RequestHandler {
  const logRequests = log.isLevelEnabled('info');
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader('x-request-id', id); // lower case: no new string in Node's setHeader (security-headers.ts)
    if (logRequests) {
      const start = performance.now();
      res.on('finish', () => {
        requestLogger(req).info(
          { method: req.method, url: loggablePath(req.originalUrl.split('?')[0] ?? ''), status: res.statusCode, ms: Math.round(performance.now() - start) },
          'request',
        );
      });
    }
    next();
  };
}

/** The app's logger, kept where every request can reach it (createApp sets it). */
export function setAppLogger(app: { set(name: string, value: unknown): unknown }, log: Logger): void {
  app.set(LOGGER, log);
}

/** A logger whose lines carry the request's id. */
export function requestLogger(req: Request): Logger {
  return (req.app.get(LOGGER) as Logger).child({ reqId: req.id });
}
