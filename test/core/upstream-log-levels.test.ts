import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '#core/context.js';
import { errorHandler } from '#platform/http/error-handler.js';
import { AppError, serviceUnavailable } from '#core/http/route/errors.js';
import { setAppLogger } from '#platform/http/request-log.js';
import { Scheduler } from '#platform/scheduler/scheduler.js';
import { upstreamRequest } from '#core/upstream/http-client.js';
import { captureLog } from '../helpers/log-capture.js';
import { useTestApp } from '../helpers/test-app.js';

/**
 * An upstream that is down (weather, Nominatim, Overpass, routing, AI, food alerts answer 503 or time out) is
 * expected: a warning without a stack trace. The error level, with its stack and a place in the error digest, is
 * for what an operator must act on. The lines are read from the log itself (pino's JSON output).
 */
type Line = { level: number; msg: string; err?: { stack?: string }; status?: number; upstream?: string; job?: string };
const WARN = 40;
const ERROR = 50;

const capture = () => captureLog<Line>('debug');

describe('log levels of expected upstream failures', () => {
  it('a route answering 503/502 on purpose logs a warning without a stack; an unexpected error stays an error with its stack', async () => {
    const { lines, log } = capture();
    const app = express();
    setAppLogger(app, log);
    app.get('/api/wetter', () => {
      throw serviceUnavailable('Das Wetter ist gerade nicht erreichbar.');
    });
    app.get('/api/route', () => {
      throw new AppError(502, 'routing_failed', 'Die Routenplanung antwortet gerade nicht.');
    });
    app.get('/api/kaputt', () => {
      throw new Error('Bug im Code');
    });
    app.use(errorHandler);
    await request(app).get('/api/wetter').expect(503);
    await request(app).get('/api/route').expect(502);
    await request(app).get('/api/kaputt').expect(500);
    const [weather, route, bug] = lines;
    expect([weather?.level, route?.level, bug?.level]).toEqual([WARN, WARN, ERROR]);
    expect(weather).toMatchObject({ status: 503 });
    expect(JSON.stringify([weather, route])).not.toContain('stack');
    expect(bug?.err?.stack).toContain('Bug im Code');
  });

  describe('a job whose upstream is down', () => {
    const t = useTestApp();
    let server: Server;
    let url = '';
    beforeAll(async () => {
      server = createServer((req, res) => {
        if (req.url === '/key') res.writeHead(401).end('{"error":"bad key"}');
        else res.writeHead(503, { 'Retry-After': '60' }).end('busy');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('a 503 fails the run with a warning (no stack); a refused key (401) is an error for the operator', async () => {
      const { lines, log } = capture();
      const ctx = { ...t.ctx, log };
      const ask = (path: string): Job => ({
        name: `test.upstream${path.replace('/', '-')}`,
        schedule: '0 0 1 1 *',
        run: async (c) => {
          await upstreamRequest({ config: c.config, log: c.log }, { upstream: 'overpass', url: `${url}${path}` });
          return 1;
        },
      });
      const down = ask('/busy');
      const refused = ask('/key');
      const s = new Scheduler(ctx, [down, refused]);
      expect(await s.runNow(down, '2026-12-01T10:00')).toBeNull();
      expect(await s.runNow(refused, '2026-12-01T10:00')).toBeNull();
      const failed = lines.filter((l) => l.msg.startsWith('job failed'));
      expect(failed.map((l) => [l.job, l.level])).toEqual([
        [down.name, WARN],
        [refused.name, ERROR],
      ]);
      expect(failed[0]).toMatchObject({ upstream: 'overpass', status: 503 });
      expect(failed[0]?.err).toBeUndefined();
      expect(lines.filter((l) => l.level >= ERROR && l.job === down.name)).toEqual([]);
    });
  });
});
