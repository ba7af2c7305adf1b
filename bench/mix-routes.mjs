// The routes alone for bench/mix.mjs (issue 34): each main route's CPU per request at every size of the service, the
// sizes served at once (one app and one database each) and measured in alternating rounds, the median per size. On
// PostgreSQL a request's CPU is the app's plus that of the backends serving the app's pool (their pids from
// pg_stat_activity); the whole cluster's (autovacuum, checkpointer, other databases) apart.
import { readdirSync, readFileSync } from 'node:fs';
import { median, percentile, treeCpuMs } from './lib.mjs';

/**
 * A thread's CPU in ms from /proc/…/schedstat (nanoseconds on the CPU; /proc/PID/stat counts in 10 ms ticks, which
 * over a round of a few hundred ms, and summed over ten backends, was an error of up to 20 %), keyed by its id and
 * start time (an id is reused only after its thread ended; the start time tells them apart), or undefined when it has
 * ended.
 */
function threadCpu(dir, id) {
  try {
    const started = readFileSync(`${dir}/stat`, 'utf8').split(') ')[1].split(' ')[19];
    const ns = Number(readFileSync(`${dir}/schedstat`, 'utf8').split(' ')[0]);
    return { key: `${id}:${started}`, ms: ns / 1e6 };
  } catch {
    return undefined;
  }
}

/** Every thread of a process (Node's main thread, its libuv and V8 helpers): their CPU by key. */
function processThreads(pid) {
  const out = new Map();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const got = threadCpu(`/proc/${pid}/task/${tid}`, tid);
    if (got) out.set(got.key, got.ms);
  }
  return out;
}

/**
 * A CPU meter for one app: `sample()` reads the CPU of the app's threads, on PostgreSQL also each app backend's (a
 * backend is one thread) and the whole cluster's (treeCpuMs); `cpuSince(a, b)` is what was spent between two samples.
 */
export function cpuMeter({ appPid, pgPid, monitor, database }) {
  return {
    pg: Boolean(monitor),
    async sample() {
      const app = processThreads(appPid);
      if (!monitor) return { app };
      const backends = new Map();
      for (const pid of await monitor.appBackends(database)) {
        const got = threadCpu(`/proc/${pid}`, pid);
        if (got) backends.set(got.key, got.ms);
      }
      return { app, backends, cluster: treeCpuMs(pgPid) };
    },
  };
}

/** What the threads of `b` spent since `a` (a thread new since `a` counts whole) and how many of `a` ended meanwhile. */
function spentSince(a, b) {
  let ms = 0;
  let lost = 0;
  for (const [key, now] of b) ms += now - (a.get(key) ?? 0);
  for (const key of a.keys()) if (!b.has(key)) lost++;
  return { ms, lost };
}

/**
 * CPU (ms) between samples `a` and `b`: the app's, the app backends' (a backend new since `a` counts whole, its
 * connection start included), the cluster's; `lost` counts threads and backends of `a` gone by `b` (a backend's last
 * work is then only in the cluster's number).
 */
export function cpuSince(a, b) {
  const app = spentSince(a.app, b.app);
  const out = { app: app.ms, backends: 0, cluster: 0, lost: app.lost };
  if (!b.backends) return out;
  const backends = spentSince(a.backends, b.backends);
  out.backends = backends.ms;
  out.lost += backends.lost;
  out.cluster = b.cluster - a.cluster;
  return out;
}

/**
 * Each route of `routesOf(world)` at every target (size) in `rounds` rounds, the order of the sizes turned by one
 * each round (so no size is always first after the other's load). Per round and size: `warmup` requests at 10
 * connections, then `burst`, its CPU per request. The result per size: per route the medians over the rounds.
 * targets: [{ size, url, world, meter }]; drive and cookie from bench/mix-load.ts.
 */
export async function measureRoutes({ targets, routesOf, drive, cookie, rounds, burst, warmup, log }) {
  const routes = targets.map((t) => routesOf(t.world));
  const samples = targets.map(() => routes[0].map(() => []));
  for (const [i, [name]] of routes[0].entries()) {
    for (let round = 0; round < rounds; round++)
      for (let j = 0; j < targets.length; j++) {
        const s = (j + round) % targets.length;
        const [, next] = routes[s][i];
        const { url, meter } = targets[s];
        await drive({ url, connections: 10, count: warmup, next, cookie });
        const before = await meter.sample();
        const r = await drive({ url, connections: 10, count: burst, next, cookie });
        const spent = cpuSince(before, await meter.sample());
        const sorted = [...r.latencies].sort((x, y) => x - y);
        samples[s][i].push({
          appMs: spent.app / r.total,
          backendMs: spent.backends / r.total,
          clusterMs: spent.cluster / r.total,
          lost: spent.lost,
          bytes: r.bytes / r.total,
          p50: percentile(sorted, 50),
          bad: r.non2xx + r.errors,
          sample: r.samples[0],
        });
      }
    const line = targets.map((t, s) => {
      const row = summary(samples[s][i]);
      return `${t.size}: ${row.cpuMs.toFixed(2)}${t.meter.pg ? ` (cluster ${row.clusterCpuMs.toFixed(2)})` : ''}`;
    });
    const failed = samples.flatMap((perSize) => perSize[i]).find((x) => x.bad);
    log(`  ${name}: CPU ms/req ${line.join(', ')}${failed ? `; ${failed.bad} failed: ${failed.sample}` : ''}`);
  }
  return targets.map((t, s) => ({ size: t.size, rows: routes[0].map(([name], i) => ({ name, ...summary(samples[s][i]) })) }));
}

/** The medians of a route's rounds at one size: app + backends (cpuMs), app + cluster (clusterCpuMs) and the rest. */
function summary(rounds) {
  return {
    cpuMs: median(rounds.map((x) => x.appMs + x.backendMs)),
    appMs: median(rounds.map((x) => x.appMs)),
    backendMs: median(rounds.map((x) => x.backendMs)),
    clusterCpuMs: median(rounds.map((x) => x.appMs + x.clusterMs)),
    spread: Math.max(...rounds.map((x) => x.appMs + x.backendMs)) / Math.min(...rounds.map((x) => x.appMs + x.backendMs)),
    lost: rounds.reduce((n, x) => n + x.lost, 0),
    bytes: median(rounds.map((x) => x.bytes)),
    p50: median(rounds.map((x) => x.p50)),
    bad: rounds.reduce((n, x) => n + x.bad, 0),
  };
}
