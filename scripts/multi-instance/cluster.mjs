// Several Pfotenbuch instances behind nginx on one machine, as production would run them on several: one PostgreSQL,
// one S3-compatible object store, N instances of the built server (each with its own DATA_DIR, so nothing can share
// a disk by accident), and nginx with scripts/multi-instance/nginx.conf in front. Everything listens on 127.0.0.1.
//
//   node scripts/multi-instance/cluster.mjs [INSTANCES]   start it, print the addresses, stop everything on Ctrl-C
//
// As a module (test/multi-instance, bench/instances.mjs): `const c = await startCluster({ … })`, then `c.url` (nginx),
// `c.instances`, `c.restartInstance(i)`, `c.useInstances([…])`, `c.cli([...])`, and `await c.stop()`.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import webpush from 'web-push';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const NGINX_TEMPLATE = join(ROOT, 'scripts', 'multi-instance', 'nginx.conf');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p)) ?? 'nginx';
/**
 * The default PostgreSQL port of the harness (.ci/run's PostgreSQL stage uses 25432). Below Linux's ephemeral range
 * (32768-60999): a fixed port inside it was once taken by an outgoing connection of a busy test run, and PostgreSQL
 * could not bind it.
 */
export const DEFAULT_PG_PORT = 25434;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Resolves null after `ms` without keeping the process alive (the other side of a race with an exit). */
const giveUpAfter = (ms) => new Promise((resolve) => setTimeout(() => resolve(null), ms).unref());

/** A port nobody listens on right now (the kernel's pick for port 0). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 200, the process exits, or the deadline passes. */
async function waitForOk(url, { timeoutMs, exited = () => null, what }) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    const code = exited();
    if (code !== null) throw new Error(`${what} exited (${code}) before ${url} answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err instanceof Error ? (err.cause?.code ?? err.message) : String(err);
    }
    await sleep(50);
  }
  throw new Error(`${what}: ${url} did not answer 200 within ${timeoutMs} ms (last: ${last})`);
}

/** Resolves with { code, signal } once the child has exited (at once when it already has). */
function exitOf(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

function tail(file, lines = 30) {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

/** The nginx configuration for the given instance addresses, from the template every deployment uses. */
export function nginxConfig(listen, instanceAddresses) {
  return readFileSync(NGINX_TEMPLATE, 'utf8')
    .split('\n')
    .flatMap((line) =>
      line.includes('{{INSTANCE}}') && !line.trimStart().startsWith('#') ? instanceAddresses.map((a) => line.replace('{{INSTANCE}}', a)) : [line],
    )
    .join('\n')
    .replaceAll('{{LISTEN}}', listen);
}

/**
 * Starts PostgreSQL, the object store, `instances` app instances and nginx. Options:
 *   instances   how many (default 3)
 *   env         extra environment for every instance (SMTP_URL, PUSH_ALLOW_HTTP, LOG_LEVEL …)
 *   pgPort      the throw-away PostgreSQL's port (default 25434)
 *   build       build the server first (default true); false uses dist/ as it is
 *   log         progress lines (default console.error)
 */
export async function startCluster(options = {}) {
  const count = options.instances ?? 3;
  const log = options.log ?? ((line) => console.error(line));
  const dir = mkdtempSync(join(tmpdir(), 'pfotenbuch-multi-'));
  // nginx's workers run as "nobody" when the master is root: they must reach the temp folders inside the prefix.
  chmodSync(dir, 0o755);
  const started = Date.now();
  const children = new Set();
  const cleanups = [];
  let stopped = false;

  /** Kills whatever is still running, synchronously: for a harness that dies half-way (and the CLI's Ctrl-C). */
  const emergencyStop = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const cleanup of cleanups.splice(0).reverse()) cleanup.sync?.();
  };
  process.once('exit', emergencyStop);

  try {
    // 1. PostgreSQL (throw-away cluster of scripts/pg-test-server.sh).
    const pgPort = options.pgPort ?? DEFAULT_PG_PORT;
    // A fresh cluster every time: `start` would reuse one a killed run left behind, with that run's rows.
    spawnSync(join(ROOT, 'scripts', 'pg-test-server.sh'), ['stop', String(pgPort)]);
    const pg = spawnSync(join(ROOT, 'scripts', 'pg-test-server.sh'), ['start', String(pgPort)], { encoding: 'utf8' });
    if (pg.status !== 0) throw new Error(`PostgreSQL did not start: ${pg.stderr}`);
    const databaseUrl = pg.stdout.trim();
    const stopPg = () => spawnSync(join(ROOT, 'scripts', 'pg-test-server.sh'), ['stop', String(pgPort)]);
    cleanups.push({ sync: stopPg, async: async () => stopPg() });
    log(`PostgreSQL: ${databaseUrl}`);

    // 2. The object store (s3rver behind scripts/s3-test-server.mjs); it prints the app's S3 settings when ready.
    const s3Port = await freePort();
    const s3Dir = join(dir, 's3');
    mkdirSync(s3Dir);
    const s3 = spawn(process.execPath, [join(ROOT, 'scripts', 's3-test-server.mjs'), String(s3Port), s3Dir, 'pfotenbuch'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.add(s3);
    cleanups.push({
      async: async () => {
        s3.kill('SIGTERM');
        await exitOf(s3);
      },
    });
    const s3Env = await new Promise((resolve, reject) => {
      let out = '';
      s3.stdout.on('data', (chunk) => {
        out += chunk;
        if (/^S3_FORCE_PATH_STYLE=.*$/m.test(out))
          resolve(
            Object.fromEntries(
              out
                .trim()
                .split('\n')
                .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
            ),
          );
      });
      s3.once('exit', (code) => reject(new Error(`the S3 store exited (${code}) before it was ready`)));
    });
    log(`S3: ${s3Env.S3_ENDPOINT} bucket ${s3Env.S3_BUCKET}`);

    // 3. The server, built once and copied: a rebuild of dist/ by someone else during the run does not change it.
    if (options.build !== false) {
      const build = spawnSync(process.execPath, ['scripts/build.mjs', '--server-only'], { cwd: ROOT, stdio: 'inherit' });
      if (build.status !== 0) throw new Error('the build failed');
    }
    const dist = join(ROOT, 'test-artifacts', 'multi-instance', `dist-${process.pid}`);
    mkdirSync(dist, { recursive: true });
    for (const file of ['server.js', 'server.js.map', 'cli.js', 'cli.js.map']) copyFileSync(join(ROOT, 'dist', file), join(dist, file));
    cleanups.push({ sync: () => rmSync(dist, { recursive: true, force: true }), async: async () => rmSync(dist, { recursive: true, force: true }) });

    // 4. The instances: one database, one object store, one set of secrets, each its own port, data folder and log.
    const nginxPort = await freePort();
    const url = `http://127.0.0.1:${nginxPort}`;
    const vapid = webpush.generateVAPIDKeys();
    const env = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: url,
      // Exactly one proxy in front: the client address is the last X-Forwarded-For entry, the one nginx adds.
      TRUST_PROXY: '1',
      JWT_SECRET: 'multi-instance-secret-multi-instance-secret-0123',
      // Every instance signs pushes with the same key pair: a subscription is bound to it.
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      JOBS_ENABLED: 'true',
      RATE_LIMITS_ENABLED: 'true',
      LOG_LEVEL: 'info',
      ARGON2_MEMORY_KIB: '256',
      ARGON2_TIME_COST: '1',
      // Nothing leaves the machine: no geocoder, no Overpass, no AI, and every other upstream at an address that
      // refuses at once (port 9, discard).
      NOMINATIM_URL: '',
      OVERPASS_URLS: '',
      AI_BASE_URL: '',
      OSM_API_URL: 'http://127.0.0.1:9',
      BRIGHTSKY_URL: 'http://127.0.0.1:9',
      OPEN_METEO_URL: 'http://127.0.0.1:9',
      ROUTING_URL: 'http://127.0.0.1:9',
      FOOD_ALERTS_URL: 'http://127.0.0.1:9',
      WEATHER_ALERTS_URL: 'http://127.0.0.1:9',
      ...s3Env,
      ...options.env,
    };
    const instances = [];
    for (let index = 0; index < count; index++) {
      const port = await freePort();
      const dataDir = join(dir, `instance-${index}`);
      mkdirSync(dataDir);
      instances.push({
        index,
        port,
        url: `http://127.0.0.1:${port}`,
        address: `127.0.0.1:${port}`,
        dataDir,
        logFile: join(dir, `instance-${index}.log`),
        child: null,
      });
    }

    const startInstance = async (index) => {
      const instance = instances[index];
      if (instance.child && instance.child.exitCode === null && instance.child.signalCode === null) throw new Error(`instance ${index} is running`);
      // stdout and stderr straight into the log file (appended across restarts), so no pipe can fill up.
      const fd = openSync(instance.logFile, 'a');
      const child = spawn(process.execPath, ['--enable-source-maps', join(dist, 'server.js')], {
        cwd: ROOT,
        env: { ...process.env, ...env, PORT: String(instance.port), DATA_DIR: instance.dataDir },
        stdio: ['ignore', fd, fd],
      });
      closeSync(fd);
      children.add(child);
      instance.child = child;
      instance.pid = child.pid;
      child.once('exit', () => children.delete(child));
      try {
        await waitForOk(`${instance.url}/api/health`, { timeoutMs: 60_000, exited: () => child.exitCode ?? child.signalCode, what: `instance ${index}` });
      } catch (err) {
        throw new Error(`${err.message}\n--- ${instance.logFile}\n${tail(instance.logFile)}`);
      }
      return instance;
    };

    /** SIGTERM (or `signal`) and the exit: { code, signal, ms }. */
    const stopInstance = async (index, signal = 'SIGTERM') => {
      const child = instances[index].child;
      if (!child) return { code: null, signal: null, ms: 0 };
      const t0 = Date.now();
      child.kill(signal);
      const exit = await Promise.race([exitOf(child), giveUpAfter(15_000)]);
      if (!exit) {
        child.kill('SIGKILL');
        return { ...(await exitOf(child)), ms: Date.now() - t0, killed: true };
      }
      return { ...exit, ms: Date.now() - t0 };
    };

    const t1 = Date.now();
    // All at once, as a deployment would: the migrations are serialised by Kysely's lock.
    await Promise.all(instances.map((_, i) => startInstance(i)));
    log(`${count} instances up in ${Date.now() - t1} ms: ${instances.map((i) => i.url).join(' ')}`);

    // 5. nginx, as a child (not a daemon), with its pid, logs and temp files inside its prefix.
    const nginxDir = join(dir, 'nginx');
    mkdirSync(join(nginxDir, 'logs'), { recursive: true });
    mkdirSync(join(nginxDir, 'temp'), { recursive: true });
    const accessLog = join(nginxDir, 'logs', 'access.log');
    const errorLog = join(nginxDir, 'logs', 'error.log');
    const nginxConf = join(nginxDir, 'nginx.conf');
    let nginx = null;

    const startNginx = async (indices) => {
      writeFileSync(
        nginxConf,
        nginxConfig(
          `127.0.0.1:${nginxPort}`,
          indices.map((i) => instances[i].address),
        ),
      );
      const child = spawn(NGINX, ['-p', `${nginxDir}/`, '-c', nginxConf, '-e', 'logs/error.log', '-g', 'daemon off;'], {
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      children.add(child);
      child.once('exit', () => children.delete(child));
      nginx = child;
      try {
        await waitForOk(`${url}/api/health`, { timeoutMs: 10_000, exited: () => child.exitCode ?? child.signalCode, what: 'nginx' });
      } catch (err) {
        throw new Error(`${err.message}\n--- ${errorLog}\n${tail(errorLog)}`);
      }
    };
    const stopNginx = async () => {
      if (!nginx) return;
      // SIGQUIT: graceful (requests in flight finish), as `nginx -s quit`.
      nginx.kill('SIGQUIT');
      const exited = await Promise.race([exitOf(nginx), giveUpAfter(10_000)]);
      if (!exited) nginx.kill('SIGKILL');
      nginx = null;
    };
    await startNginx(instances.map((i) => i.index));
    log(`nginx: ${url} (round robin over ${count}; access log ${accessLog})`);
    log(`cluster ready in ${Date.now() - started} ms (${dir})`);

    const cluster = {
      url,
      dir,
      env,
      databaseUrl,
      s3Env,
      instances,
      accessLog,
      errorLog,
      startInstance,
      stopInstance,
      /** SIGTERM, exit, a new process on the same port, /api/health 200: { code, signal, downMs }. */
      async restartInstance(index) {
        const t0 = Date.now();
        const exit = await stopInstance(index);
        await startInstance(index);
        return { ...exit, downMs: Date.now() - t0 };
      },
      /** nginx balances over these instances only (a new nginx on the same port, same configuration file). */
      async useInstances(indices) {
        await stopNginx();
        await startNginx(indices);
      },
      /** The operator CLI (dist/cli.js) on the cluster's database: { code, stdout, stderr }. */
      cli(args) {
        const res = spawnSync(process.execPath, [join(dist, 'cli.js'), ...args], {
          cwd: ROOT,
          env: { ...process.env, ...env, DATA_DIR: join(dir, 'cli') },
          encoding: 'utf8',
          timeout: 30_000,
        });
        return { code: res.status, stdout: res.stdout, stderr: res.stderr };
      },
      /** Everything down, in reverse order of start; `keepLogs` copies the logs there first. */
      async stop({ keepLogs } = {}) {
        if (stopped) return;
        stopped = true;
        await stopNginx();
        const exits = await Promise.all(instances.map((i) => stopInstance(i.index)));
        if (keepLogs) {
          mkdirSync(keepLogs, { recursive: true });
          for (const i of instances) if (existsSync(i.logFile)) copyFileSync(i.logFile, join(keepLogs, `instance-${i.index}.log`));
          for (const f of [accessLog, errorLog])
            if (existsSync(f)) copyFileSync(f, join(keepLogs, `nginx-${f.endsWith('access.log') ? 'access' : 'error'}.log`));
        }
        for (const cleanup of cleanups.splice(0).reverse()) await cleanup.async();
        process.off('exit', emergencyStop);
        rmSync(dir, { recursive: true, force: true });
        return exits;
      },
    };
    return cluster;
  } catch (err) {
    emergencyStop();
    process.off('exit', emergencyStop);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

// The CLI: start, print, wait for Ctrl-C.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const cluster = await startCluster({ instances: Number(process.argv[2] ?? 3) });
  console.log(`\nnginx:      ${cluster.url}`);
  for (const i of cluster.instances) console.log(`instance ${i.index}: ${i.url}  (log ${i.logFile})`);
  console.log(`access log: ${cluster.accessLog}`);
  console.log('Ctrl-C stops everything.');
  const stop = () => cluster.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
