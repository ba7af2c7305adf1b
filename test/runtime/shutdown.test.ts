import { afterAll, describe, expect, it } from 'vitest';
import { INTERRUPTED } from '#platform/scheduler/scheduler.js';
import { FakeAiServer } from '../fakes/ai-server.js';
import { buildAdmin, buildUser, DEFAULT_PASSWORD, sessionCookie } from '../helpers/factories.js';
import { testEnv, useTestApp } from '../helpers/test-app.js';
import { rawConnection, refused, startServer, until, type ServerProcess } from './server-process.js';

/**
 * SIGTERM to the real server process (decisions, several instances): stop accepting, finish in-flight requests
 * (at most 10 s), stop the scheduler and give back the lease of a job still running, close the database, exit 0.
 */
const ai = new FakeAiServer();
await ai.start();
const AI_ENV = { AI_BASE_URL: ai.url, AI_API_KEY: 'test-key', AI_MODEL: 'fake-model' };
const t = useTestApp({ env: AI_ENV });
let server: ServerProcess | undefined;
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  await ai.stop();
});

describe('SIGTERM to the server process', () => {
  it('finishes the request in flight (200, Connection: close), refuses new connections, gives back a running job’s lease and exits 0', async () => {
    const admin = await buildAdmin(t.ctx);
    const user = await buildUser(t.ctx);
    server = await startServer((port) =>
      testEnv(t.dataDir, {
        ...(t.ctx.config.databaseUrl ? { DATABASE_URL: t.ctx.config.databaseUrl } : {}),
        ...AI_ENV,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'info',
        SHUTDOWN_GRACE_MS: '6000', // 10 s by default (config.test.ts); above the 4 s after which idle connections close
      }),
    );
    const { url, port } = server;

    // A job in progress: the breed enrichment, started by hand, waits on an AI provider that never answers.
    ai.reset('hang');
    const started = await fetch(`${url}/api/admin/jobs/wiki.enrich-breeds/run`, { method: 'POST', headers: { cookie: sessionCookie(t.ctx, admin) } });
    expect(started.status).toBe(202);
    await until('the job to ask the AI provider', () => (ai.requests.length > 0 ? true : undefined));
    const lease = () => t.ctx.db.selectFrom('job_leases').selectAll().where('name', '=', 'wiki.enrich-breeds').executeTakeFirstOrThrow();
    const held = await lease();
    expect(held.owner).toMatch(new RegExp(`:${server.child.pid}:`));

    // An idle keep-alive connection (one answered request) and a request in flight: its headers are in (the server
    // said "100 Continue"), its body is not.
    const idle = await rawConnection(port);
    idle.socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await until('the idle connection’s answer', () => (/\r\n\r\n/.test(idle.received()) ? true : undefined));
    expect(idle.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(idle.received()).toMatch(/Keep-Alive: timeout=65/i);

    const body = JSON.stringify({ email: user.email, password: DEFAULT_PASSWORD });
    const busy = await rawConnection(port);
    busy.socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await until('100 Continue', () => (busy.received().startsWith('HTTP/1.1 100 Continue') ? true : undefined));

    const sigterm = Date.now();
    server.child.kill('SIGTERM');
    await until('the port to refuse new connections', async () => ((await refused(port)) ? true : undefined));
    await idle.closed; // closed by the server after DRAIN_IDLE_CLOSE_MS idle, not after the 65 s keep-alive timeout

    busy.socket.write(body);
    await busy.closed; // the server closes the connection after the answer
    const answer = busy.received().replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(answer).toContain(user.email);

    expect(await server.exited).toEqual({ code: 0, signal: null });
    // The job never finished: at the grace its lease was given back, its slot kept as run.
    expect(Date.now() - sigterm).toBeGreaterThanOrEqual(5_900);
    const after = await lease();
    expect(after).toMatchObject({ owner: null, last_slot: held.last_slot, last_status: 'failed', last_error: INTERRUPTED });
    expect(Date.parse(after.locked_until)).toBeLessThanOrEqual(Date.now());
    expect(server.logs.find((l) => l.msg === 'requests and jobs done')).toMatchObject({ drained: true, jobsInterrupted: ['wiki.enrich-breeds'] });
    expect(server.stderr()).toBe('');
  }, 180_000);
});
