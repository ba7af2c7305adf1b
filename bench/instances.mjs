// Several instances behind nginx (issue 28): GET /api/auth/me through nginx with 1, 2 and 3 instances (the same
// cluster: PostgreSQL, S3 store, three built instances; nginx restarted with 1, 2, then 3 upstreams), as ratios to one
// instance, and the same route on one instance directly, without nginx, for the proxy's cost.
// Run: node bench/instances.mjs   (about 90 s; builds the server; prints a Markdown table, writes no file)
import { loadavg } from 'node:os';
import { load, machine } from './lib.mjs';
import { startCluster } from '../scripts/multi-instance/cluster.mjs';

const SECONDS = 8;
const CONNECTIONS = 50;

const cluster = await startCluster({
  instances: 3,
  // The route is measured, not request logging or jobs.
  env: { LOG_LEVEL: 'warn', JOBS_ENABLED: 'false', RATE_LIMITS_ENABLED: 'false' },
});
try {
  const reg = await fetch(`${cluster.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: cluster.url },
    body: JSON.stringify({ email: 'bench@example.de', password: 'bench-passwort', name: 'Bench' }),
  });
  const cookie = reg.headers.get('set-cookie')?.split(';')[0];
  if (reg.status !== 201 || !cookie) throw new Error(`register failed: ${reg.status}`);
  const options = (url) => ({ url: `${url}/api/auth/me`, headers: { cookie }, connections: CONNECTIONS, duration: SECONDS });

  // Warm-up (JIT, session caches) of every instance directly.
  for (const instance of cluster.instances) await load(`warm-up instance ${instance.index}`, { ...options(instance.url), duration: 3 });

  // Each setup twice, in the order direct, 1, 2, 3, 3, 2, 1, direct: a drift over the run (heap growth, the machine)
  // falls on every setup alike; the table shows the mean of the two.
  const runs = [];
  const measure = async (setup) => {
    const url = setup.direct ? cluster.instances[0].url : cluster.url;
    if (!setup.direct) await cluster.useInstances(cluster.instances.slice(0, setup.instances).map((i) => i.index));
    const row = await load(setup.name, options(url));
    if (row.errors) console.log(`  ${row.errors} connection errors or timeouts`);
    runs.push({ ...setup, ...row });
  };
  const setups = [
    { name: '1 instance, direct (no nginx)', instances: 1, direct: true },
    ...[1, 2, 3].map((n) => ({ name: `${n} instance${n > 1 ? 's' : ''} behind nginx`, instances: n, direct: false })),
  ];
  for (const setup of [...setups, ...[...setups].reverse()]) await measure(setup);
  const mean = (values) => Math.round(values.reduce((a, b) => a + b, 0) / values.length);
  const rows = setups.map((setup) => {
    const of = runs.filter((r) => r.name === setup.name);
    return {
      ...setup,
      rps: mean(of.map((r) => r.rps)),
      p50: mean(of.map((r) => r.p50)),
      p99: mean(of.map((r) => r.p99)),
      non2xx: of.reduce((n, r) => n + r.non2xx, 0),
      errors: of.reduce((n, r) => n + r.errors, 0),
    };
  });

  // Other work on the machine shows in every row: say how busy it was.
  const busy = loadavg()[0].toFixed(1);
  const base = rows.find((r) => !r.direct && r.instances === 1).rps;
  const ratio = (r) => (r.rps / base).toFixed(2);
  console.log(`
GET /api/auth/me with a valid session, measured ${new Date().toISOString().slice(0, 10)} on ${machine()}: autocannon
${CONNECTIONS} connections × ${SECONDS} s per run, two runs per setup (mean), in the same machine as nginx (2 workers), the instances and PostgreSQL. Built
server, PostgreSQL, LOG_LEVEL=warn, no jobs; nginx from scripts/multi-instance/nginx.conf. Load average at the end: ${busy}.

| setup | req/s | p50 ms | p99 ms | non-2xx | errors | vs 1 instance behind nginx |
|---|---|---|---|---|---|---|
${rows.map((r) => `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} | ${ratio(r)} |`).join('\n')}
`);
} finally {
  await cluster.stop();
}
