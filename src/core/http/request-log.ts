import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger.js';

const SANE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Gives each request an id (echoed as X-Request-Id) and a child logger, and logs it once it is done. */
export function requestLog(log: Logger): RequestHandler {
  const logRequests = log.isLevelEnabled('info');
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    // The child logger is made on first use: most requests never log, and a child with redaction is not free.
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: false,
      get: () => (child ??= log.child({ reqId: id })),
    });
    res.setHeader('X-Request-Id', req.id);
    if (logRequests) {
      const start = performance.now();
      res.on('finish', () => {
        req.log.info({ method: req.method, url: req.originalUrl.split('?')[0], status: res.statusCode, ms: Math.round(performance.now() - start) }, 'request');
      });
    }
    next();
  };
}
