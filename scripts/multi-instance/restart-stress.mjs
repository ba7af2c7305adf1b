// Many rolling restarts under load, to measure what the test (test/multi-instance/2-rolling-restart.test.ts, three
// restarts) can only sample: how many requests a restart loses, and why (nginx's error log names the cause).
//   node scripts/multi-instance/restart-stress.mjs [ROUNDS=10] [CLIENTS=4]
// Each round restarts the three instances one by one (SIGTERM, exit, new process, healthy, back in nginx's rotation)
// while CLIENTS loops send GET /api/auth/me and POST a diary entry through nginx. Prints failed/total.
import { readFileSync } from 'node:fs';
import { startCluster } from './cluster.mjs';

const ROUNDS = Number(process.argv[2] ?? 10);
const CLIENTS = Number(process.argv[3] ?? 4);
const MAX_ROUNDS_PER_CLIENT = 1_000_000;
const DEADLINE = Date.now() + 30 * 60_000;

const cluster = await startCluster({ env: { LOG_LEVEL: 'warn' } });
try {
  const headers = { 'content-type': 'application/json', origin: cluster.url };
  const reg = await fetch(`${cluster.url}/api/auth/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: 'stress@example.de', password: 'sicheres-passwort', name: 'Stress' }),
  });
  headers.cookie = reg.headers.get('set-cookie')?.split(';')[0] ?? '';
  const dog = await (await fetch(`${cluster.url}/api/dogs`, { method: 'POST', headers, body: JSON.stringify({ name: 'Luna' }) })).json();

  const load = { stop: false, total: 0, failures: [] };
  const worker = async (client) => {
    for (let round = 0; round < MAX_ROUNDS_PER_CLIENT && !load.stop && Date.now() < DEADLINE; round++) {
      const steps = [
        ['GET', '/api/auth/me', undefined, 200],
        ['POST', `/api/dogs/${dog.id}/diary`, JSON.stringify({ date: new Date().toISOString().slice(0, 10), text: `Runde ${client}-${round}` }), 201],
      ];
      for (const [method, path, body, status] of steps) {
        load.total++;
        try {
          const res = await fetch(cluster.url + path, { method, headers, body });
          await res.arrayBuffer();
          if (res.status !== status) load.failures.push(`${method} ${path}: ${res.status} (request ${res.headers.get('x-request-id') ?? '-'})`);
        } catch (err) {
          load.failures.push(`${method} ${path}: ${err.cause?.code ?? err.message}`);
        }
      }
    }
  };
  const running = Promise.all(Array.from({ length: CLIENTS }, (_, client) => worker(client)));

  const t0 = Date.now();
  const exits = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const instance of cluster.instances) {
        const exit = await cluster.restartInstance(instance.index);
        exits.push(exit.code);
        // From here on: the old process answered until its SIGTERM, and those lines must not count.
        const seen = readFileSync(cluster.accessLog, 'utf8').length;
        // Back in nginx's rotation: a request it answered after the restart (at most 15 s). Not just any line naming it:
        // nginx also logs its own 502 for a refused or reset connection with the instance as upstream.
        const answered = new RegExp(` upstream=${instance.address.replaceAll('.', '\\.')} upstream_status=[234]`);
        for (let i = 0; i < 300 && !answered.test(readFileSync(cluster.accessLog, 'utf8').slice(seen)); i++)
          await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  } finally {
    load.stop = true;
    await running;
  }

  const resets = readFileSync(cluster.errorLog, 'utf8')
    .split('\n')
    .filter((l) => /\[error\]/.test(l) && !/connect\(\) failed/.test(l));
  console.log(`\n${ROUNDS * cluster.instances.length} restarts in ${Math.round((Date.now() - t0) / 1000)} s with ${CLIENTS} clients`);
  console.log(`exit codes: ${[...new Set(exits)].join(', ')}`);
  console.log(`${load.failures.length} failed of ${load.total} requests`);
  for (const f of load.failures.slice(0, 20)) console.log(`  ${f}`);
  console.log(`nginx errors other than refused connections (${resets.length}; GETs among them were retried on another instance):`);
  for (const line of resets.slice(0, 20)) console.log(`  ${line.slice(0, 240)}`);
  console.log('logs: test-artifacts/multi-instance/stress-logs');
} finally {
  // The logs stay for a closer look: instance logs, nginx's access and error log.
  await cluster.stop({ keepLogs: 'test-artifacts/multi-instance/stress-logs' });
}
