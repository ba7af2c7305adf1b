import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { buildUser, sessionCookie } from '../helpers/factories.js';
import { testEnv, useTestApp } from '../helpers/test-app.js';
import { startServer, until, type ServerProcess } from './server-process.js';

/**
 * WEB_CONCURRENCY=2: the primary forks two workers on one port, replaces one that dies, and on SIGTERM drains both
 * and exits 0. Which worker answered is read from the request log: worker lines carry `worker` and `pid`.
 */
const t = useTestApp();
const METRICS_TOKEN = 'cluster-metrics-token-0123456789';
let server: ServerProcess | undefined;
afterAll(async () => {
  server?.child.kill('SIGKILL');
  for (const pid of workerPids()) if (alive(pid)) process.kill(pid, 'SIGKILL');
  await server?.exited;
});

function workerPids(): number[] {
  return [...new Set((server?.logs ?? []).filter((l) => l.msg === 'worker listening').map((l) => Number(l.pid)))];
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** GET on a new connection each time (the primary hands connections to the workers in turn); status and the pid that answered. */
async function probe(path: string, cookie: string): Promise<{ status: number; pid: number }> {
  if (!server) throw new Error('no server');
  const id = `probe-${randomBytes(8).toString('hex')}`;
  const status = await new Promise<number>((resolve, reject) => {
    const req = request(`${server?.url}${path}`, { agent: false, headers: { cookie, 'x-request-id': id } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
  const line = await until('the request’s log line', () => server?.logs.find((l) => l.reqId === id && l.msg === 'request'));
  return { status, pid: Number(line.pid) };
}

describe('WEB_CONCURRENCY=2', () => {
  it('two workers answer; one killed is replaced while the other answers; SIGTERM drains both and the primary exits 0', async () => {
    const user = await buildUser(t.ctx, { name: 'Cluster' });
    const cookie = sessionCookie(t.ctx, user);
    server = await startServer((port) =>
      testEnv(t.dataDir, {
        ...(t.ctx.config.databaseUrl ? { DATABASE_URL: t.ctx.config.databaseUrl } : {}),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'info',
        WEB_CONCURRENCY: '2',
        METRICS_TOKEN: METRICS_TOKEN,
      }),
    );
    const primary = server.child.pid;
    const [first, second] = await until('two workers', () => (workerPids().length === 2 ? workerPids() : undefined));
    expect(first).not.toBe(primary);
    // The primary gives its workers glibc's malloc settings (config.workerEnv): glibc reads them only when a process starts.
    expect(readFileSync(`/proc/${first}/environ`, 'utf8').split('\0')).toEqual(expect.arrayContaining(['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=131072']));

    // Both workers answer (the session works on either: same database, same secret).
    const answered = new Set<number>();
    let probes = 0;
    for (let i = 0; i < 20 && answered.size < 2; i++) {
      const r = await probe('/api/auth/me', cookie);
      probes++;
      expect(r.status).toBe(200);
      answered.add(r.pid);
    }
    expect([...answered].sort()).toEqual([first, second].sort());

    // /metrics, answered by either worker, counts the requests of both (the primary sums them, platform/metrics).
    const scrape = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scrape.status).toBe(200);
    const series = 'http_request_duration_seconds_count{method="GET",route="/api/auth/me",status_class="2xx"} ';
    const counted = (await scrape.text()).split('\n').find((l) => l.startsWith(series));
    expect(Number(counted?.slice(series.length))).toBe(probes);

    // A worker dies (SIGKILL: no drain): the primary logs it and starts a new one; the other worker keeps answering.
    process.kill(Number(first), 'SIGKILL');
    const died = await until('the primary to notice', () => server?.logs.find((l) => l.msg === 'worker died; starting a new one'));
    expect(died).toMatchObject({ pid: first, signal: 'SIGKILL' });
    for (let i = 0; i < 5; i++) expect(await probe('/api/auth/me', cookie)).toEqual({ status: 200, pid: second });
    const [third] = await until('a new worker', () => {
      const fresh = workerPids().filter((p) => p !== first && p !== second);
      return fresh.length ? fresh : undefined;
    });
    const after = new Set<number>();
    for (let i = 0; i < 20 && after.size < 2; i++) {
      const r = await probe('/api/auth/me', cookie);
      expect(r.status).toBe(200);
      after.add(r.pid);
    }
    expect([...after].sort()).toEqual([second, third].sort());

    // SIGTERM to the primary: both workers drain and exit, then the primary exits 0.
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect([second, third].filter((pid) => alive(Number(pid)))).toEqual([]);
    expect(server.logs.filter((l) => l.msg === 'worker stopped').map((l) => ({ pid: l.pid, code: l.code }))).toEqual(
      expect.arrayContaining([
        { pid: second, code: 0 },
        { pid: third, code: 0 },
      ]),
    );
    expect(server.stderr()).toBe('');
  }, 240_000);
});
