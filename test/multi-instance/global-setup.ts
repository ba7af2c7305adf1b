import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startCluster } from '../../scripts/multi-instance/cluster.mjs';
import { PROJECT_ROOT } from '#core/paths.js';
import { FakePushServer } from '../fakes/push-server.js';
import { FakeSmtpServer } from '../fakes/smtp-server.js';
import type { MultiInstance } from './client.js';

/**
 * Starts the fake mail and push receivers and the cluster (PostgreSQL, S3 store, three instances, nginx) once for
 * every file, and a small control server on 127.0.0.1 through which the test files (another process) read what the
 * fakes received, restart an instance and run the operator CLI:
 *   GET  /mails                 every mail the SMTP fake received
 *   POST /push/devices          a new fake device: { id, subscription }
 *   GET  /push                  { received: [{ device, payload }], hits, rejected }
 *   POST /instances/<i>/restart SIGTERM, exit, a new process on the port, /api/health 200: { code, signal, downMs }
 *   POST /cli                   body: JSON array of arguments for dist/cli.js: { code, stdout, stderr }
 * The logs are copied to test-artifacts/multi-instance/logs at the end.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const smtp = new FakeSmtpServer();
  const smtpUrl = await smtp.start();
  const push = new FakePushServer();
  await push.start();
  const cluster = await startCluster({
    env: {
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'Pfotenbuch <no-reply@pfotenbuch.example>',
      PUSH_ALLOW_HTTP: '1',
      PUSH_TIMEOUT_MS: '2000',
      // Job runs that found nothing to do are logged at debug: the once-per-slot check reads every run.
      LOG_LEVEL: 'debug',
    },
  });

  const routes: Record<string, (body: string) => Promise<unknown> | unknown> = {
    'GET /mails': () => smtp.received,
    'POST /push/devices': () => push.device(),
    'GET /push': () => ({ received: push.received.map((p) => ({ device: p.device, payload: p.payload })), hits: push.hits, rejected: push.rejected }),
    'POST /cli': (body) => cluster.cli(JSON.parse(body) as string[]),
  };
  const control = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const restart = /^\/instances\/(\d+)\/restart$/.exec(req.url ?? '');
      const key = `${req.method ?? ''} ${req.url ?? ''}`;
      const handler = restart && req.method === 'POST' ? () => cluster.restartInstance(Number(restart[1])) : routes[key];
      if (!handler) {
        res.writeHead(404).end();
        return;
      }
      Promise.resolve()
        .then(() => handler(body))
        .then(
          (answer) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer ?? null)),
          (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(err instanceof Error ? (err.stack ?? err.message) : String(err)),
        );
    });
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));

  const info: MultiInstance = {
    url: cluster.url,
    control: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
    instances: cluster.instances.map((i) => ({ index: i.index, url: i.url, address: i.address, logFile: i.logFile })),
    accessLog: cluster.accessLog,
    databaseUrl: cluster.databaseUrl,
    startedAt: Date.now(),
  };
  project.provide('multi', info);

  return async () => {
    control.closeAllConnections();
    await new Promise<void>((resolve) => control.close(() => resolve()));
    await cluster.stop({ keepLogs: join(PROJECT_ROOT, 'test-artifacts', 'multi-instance', 'logs') });
    await push.stop();
    await smtp.stop();
  };
}
