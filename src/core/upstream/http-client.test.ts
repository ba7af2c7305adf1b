import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FakeWeatherServer } from '../../../test/fakes/weather-server.js';
import { captureLog } from '../../../test/helpers/log-capture.js';
import { rejectionOf } from '../../../test/helpers/rejection.js';
import { UpstreamError, upstreamJson, upstreamJsonAs, upstreamRequest } from './http-client.js';

const fake = new FakeWeatherServer();
const { lines, log } = captureLog('warn');
const deps = { config: { upstream: { userAgent: 'Pfotenbuch/test (+http://127.0.0.1)' } }, log } as Parameters<typeof upstreamRequest>[0];

beforeAll(async () => {
  await fake.start();
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => {
  fake.reset();
  lines.length = 0;
});

const failure = (promise: Promise<unknown>) => rejectionOf(promise, UpstreamError);

describe('upstreamRequest', () => {
  it('sends our User-Agent and returns the parsed JSON', async () => {
    const body = await upstreamJson(deps, { upstream: 'fake', url: `${fake.url}/v1/archive?start_date=2025-06-14`, timeout: 'short' });
    expect(body).toMatchObject({ daily: { time: ['2025-06-14'] } });
    expect(fake.requests[0]?.headers['user-agent']).toBe('Pfotenbuch/test (+http://127.0.0.1)');
    expect(lines).toHaveLength(0);
  });

  it('gives up after the timeout and logs a structured warning without the query string', async () => {
    fake.mode = 'slow';
    fake.slowMs = 2_000;
    const started = Date.now();
    const err = await failure(upstreamRequest(deps, { upstream: 'fake', url: `${fake.url}/weather?apikey=geheim`, timeoutMs: 200 }));
    expect(err.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(lines[0]).toMatchObject({ level: 40, upstream: 'fake', kind: 'timeout', target: `${fake.url}/weather` });
    expect(JSON.stringify(lines)).not.toContain('geheim');
  });

  it('reports a 5xx as kind status with the code, and does not retry', async () => {
    fake.mode = '500';
    const err = await failure(upstreamRequest(deps, { upstream: 'fake', url: `${fake.url}/weather` }));
    expect(err).toMatchObject({ kind: 'status', status: 500 });
    expect(fake.requests).toHaveLength(1);
  });

  it('refuses a body that is not JSON, and JSON of the wrong shape', async () => {
    fake.mode = 'garbage';
    expect((await failure(upstreamJson(deps, { upstream: 'fake', url: `${fake.url}/weather` }))).kind).toBe('invalid_json');
    fake.mode = 'wrong_shape';
    const schema = z.object({ weather: z.array(z.unknown()) });
    expect((await failure(upstreamJsonAs(deps, { upstream: 'fake', url: `${fake.url}/weather` }, schema))).kind).toBe('invalid_response');
  });

  it('caps the response body at 2 MB', async () => {
    fake.mode = 'huge';
    expect((await failure(upstreamRequest(deps, { upstream: 'fake', url: `${fake.url}/weather` }))).kind).toBe('too_large');
    const small = await failure(upstreamRequest(deps, { upstream: 'fake', url: `${fake.url}/weather`, maxBytes: 1000 }));
    expect(small.kind).toBe('too_large');
  });

  it('follows a redirect on the same host but never to another host', async () => {
    fake.mode = 'redirect_same_host';
    const body = await upstreamJson(deps, { upstream: 'fake', url: `${fake.url}/v1/archive?start_date=2025-06-14` });
    expect(body).toMatchObject({ daily: { time: ['2025-06-14'] } });
    expect(fake.requests).toHaveLength(2);
    fake.reset('redirect_elsewhere');
    const err = await failure(upstreamRequest(deps, { upstream: 'fake', url: `${fake.url}/weather` }));
    expect(err).toMatchObject({ kind: 'redirect', status: 302 });
    expect(fake.requests).toHaveLength(1);
  });

  it('reports a refused connection as a network failure', async () => {
    const err = await failure(upstreamRequest(deps, { upstream: 'fake', url: 'http://127.0.0.1:1/weather', timeoutMs: 2_000 }));
    expect(err.kind).toBe('network');
  });
});
