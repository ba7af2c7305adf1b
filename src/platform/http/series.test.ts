import express, { type RequestHandler } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { series } from './series.js';

/** An app whose one route runs `handlers` as a series, then answers what ran; errors answer 500 with their message. */
function appWith(handlers: RequestHandler[]) {
  const app = express();
  app.get('/x', series(handlers), (req, res) => void res.json({ ran: res.locals.ran ?? [], next: 'route-after' }));
  app.get('/x', (_req, res) => void res.json({ next: 'second-route' }));
  app.use(((err, _req, res, _next) => void res.status(500).json({ error: String((err as Error).message ?? err) })) as express.ErrorRequestHandler);
  return app;
}
const mark =
  (name: string): RequestHandler =>
  (_req, res, next) => {
    res.locals.ran = [...(res.locals.ran ?? []), name];
    next();
  };

describe('series: middlewares as one layer, with the router behaviour', () => {
  it('runs the handlers in order, sync and async, then hands on', async () => {
    const later: RequestHandler = async (_req, res, next) => {
      await Promise.resolve();
      mark('async')(_req, res, next);
    };
    const res = await request(appWith([mark('a'), later, mark('b')]))
      .get('/x')
      .expect(200);
    expect(res.body).toEqual({ ran: ['a', 'async', 'b'], next: 'route-after' });
  });

  it('skips the rest on next(err), a throw or a rejected promise', async () => {
    const boom: RequestHandler = () => {
      throw new Error('geworfen');
    };
    const rejects: RequestHandler = async () => {
      throw new Error('abgelehnt');
    };
    const passes: RequestHandler = (_req, _res, next) => next(new Error('weitergereicht'));
    for (const [failing, message] of [
      [boom, 'geworfen'],
      [rejects, 'abgelehnt'],
      [passes, 'weitergereicht'],
    ] as const) {
      const res = await request(appWith([mark('a'), failing, mark('never')]))
        .get('/x')
        .expect(500);
      expect(res.body.error).toBe(message);
    }
  });

  it("leaves the route on next('route') as the router does", async () => {
    const skip: RequestHandler = (_req, _res, next) => next('route');
    const res = await request(appWith([mark('a'), skip, mark('never')]))
      .get('/x')
      .expect(200);
    expect(res.body).toEqual({ next: 'second-route' });
  });
});
