import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Runs middlewares one after another as ONE Express layer. Express's router pays for every layer it passes
 * (path match, param processing, closures: about 500 bytes of garbage and a few hundred nanoseconds each; the
 * profile of `GET /api/auth/me` had the router's `next` as its largest allocator), and every request passes the
 * app's eight global middlewares and each route's guards. The behaviour is the router's: handlers run in order,
 * `next(err)` or a throw or a rejected promise skips the rest and hands the error on, `next('route')` and
 * `next('router')` leave the series as they would leave the route or router.
 */
export function series(handlers: readonly RequestHandler[]): RequestHandler {
  const [only] = handlers;
  if (handlers.length === 1 && only) return only;
  return (req: Request, res: Response, next: NextFunction) => {
    let index = 0;
    const step = (err?: unknown): void => {
      if (err) return next(err);
      if (index === handlers.length) return next();
      const handler = handlers[index++] as RequestHandler;
      let result: unknown;
      try {
        result = handler(req, res, step);
      } catch (thrown) {
        return next(thrown ?? new Error('Middleware threw a falsy value'));
      }
      if (isPromise(result)) result.then(undefined, (rejected: unknown) => next(rejected ?? new Error('Rejected promise')));
    };
    step();
  };
}

const isPromise = (value: unknown): value is Promise<unknown> =>
  value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function';
