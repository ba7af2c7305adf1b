import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { connect, createServer, type Socket } from 'node:net';
import { PROJECT_ROOT } from '#core/paths.js';

/**
 * The real server (src/server.ts through tsx, as `npm run dev` starts it) as a child process, for tests of what
 * only a process has: signals, exit codes, node:cluster workers, a port that closes. Its log lines (JSON) are
 * collected; it is up when GET /api/health answers.
 */
export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  port: number;
  url: string;
  /** Every JSON log line so far (stdout). */
  logs: Record<string, unknown>[];
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A port nobody listens on right now (the kernel's choice; closed again at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Polls `check` every 20 ms until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function until<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Starts the server on a free port (`envFor(port)` gives its environment, with LOG_LEVEL info or lower). Other suites
 * on this machine start servers too, so a port found free can be taken before the server binds it: then the server
 * exits with EADDRINUSE and another port is tried. It counts as up when its own log says it listens (so a stranger on
 * the port cannot pass for it) and GET /api/health answers. `nodeFlags` go before the script (scripts/start.sh's).
 */
export async function startServer(envFor: (port: number) => Record<string, string>, nodeFlags: readonly string[] = []): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await startOn(port, envFor(port), nodeFlags);
    } catch (err) {
      if (!(err instanceof PortTaken) || attempt >= 5) throw err;
    }
  }
}

class PortTaken extends Error {}

async function startOn(port: number, env: Record<string, string>, nodeFlags: readonly string[]): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'src/server.ts'], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  let partial = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => {
    partial += d.toString();
    const lines = partial.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // not a log line
      }
    }
  });
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://127.0.0.1:${port}`;
  // A single process says "<app> läuft" once it listens; a cluster primary logs each worker that listens.
  const listening = () => logs.some((l) => l.msg === 'worker listening' || (typeof l.msg === 'string' && l.msg.endsWith(' läuft')));
  await until(
    'the server to listen and answer /api/health',
    async () => {
      if (/EADDRINUSE/.test(err) || logs.some((l) => JSON.stringify(l).includes('EADDRINUSE'))) {
        child.kill('SIGKILL');
        throw new PortTaken(`port ${port} taken`);
      }
      if (gone) throw new Error(`server exited at start: ${err}`);
      if (!listening()) return undefined;
      try {
        return (await fetch(`${url}/api/health`)).ok || undefined;
      } catch {
        return undefined;
      }
    },
    // Generous: tsx compiles the app at each start, and a machine busy with other suites makes that slow.
    90_000,
  );
  return { child, port, url, logs, stderr: () => err, exited };
}

/** Whether a new TCP connection to the port is refused (nothing listens any more). */
export function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
  });
}

/** A raw HTTP/1.1 connection: what was received so far, and whether the server closed it. */
export function rawConnection(port: number): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (d: Buffer) => (data += d.toString()));
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.once('error', reject);
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
  });
}
