import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

export interface Listening {
  server: Server;
  /**
   * Stops accepting (the port closes; in a cluster worker the primary stops handing it connections) and lets the
   * open connections run out: requests in flight finish, every answer from now on carries `Connection: close`, and a
   * kept-alive connection is closed only once it has been idle for DRAIN_IDLE_CLOSE_MS. Resolves true when the last
   * connection is gone, or false at `deadline` (epoch ms), when the connections still open are cut.
   */
  drain(deadline: number): Promise<boolean>;
}

/**
 * While draining, a kept-alive connection is closed once it has been idle this long. Closing idle connections at once
 * races with the proxy: it may have just written a request onto one, which the app still saw as idle; the proxy gets
 * a reset, and it must not resend a POST (measured: a few failed writes per 10,000 requests over rolling restarts).
 * A proxy whose idle timeout towards the app is below this (nginx's upstream keepalive_timeout 3 s, in
 * scripts/multi-instance/nginx.conf) has given up such a connection itself by then, so nothing is ever in transit.
 */
export const DRAIN_IDLE_CLOSE_MS = 4_000;
const SWEEP_EVERY_MS = 250;

/** An open connection: how many of its requests are running, since when it has been idle, its newest answer. */
interface ConnectionState {
  busy: number;
  idleSince: number;
  latest: ServerResponse | undefined;
}
const CONNECTION = Symbol('connection');
type TrackedResponse = ServerResponse & { [CONNECTION]?: ConnectionState };

/**
 * The HTTP server around the app. Idle keep-alive connections stay open `keepAliveTimeoutMs` (above the proxy's
 * idle timeout; Node's default of 5 s makes a proxy that keeps connections longer hit resets), and headersTimeout
 * is 1 s above it, as Node requires for the headers of the next request on a kept-alive connection.
 */
export function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  options: { port: number; host: string; keepAliveTimeoutMs: number },
): Promise<Listening> {
  let draining = false;
  const connections = new Map<Socket, ConnectionState>();

  // Runs for every answer, so it allocates nothing that lives on: no Set of answers in flight (adding to and deleting
  // from one made V8 rehash its table every few dozen requests, in the old generation — about 100 bytes of old
  // garbage per request, the main cause of the heap's growth under load), no closure or once-wrapper per request.
  function answered(this: TrackedResponse) {
    const state = this[CONNECTION];
    if (!state) return;
    state.busy--;
    state.idleSince = Date.now();
    if (state.latest === this) state.latest = undefined;
  }
  const server = createServer((req, res: TrackedResponse) => {
    const state = connections.get(req.socket);
    res[CONNECTION] = state;
    if (draining) res.setHeader('Connection', 'close');
    if (state) {
      state.busy++;
      state.latest = res;
    }
    // 'close' comes once per answer, finished or cut off.
    res.on('close', answered);
    handler(req, res);
  });
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { busy: 0, idleSince: Date.now(), latest: undefined });
    socket.once('close', () => connections.delete(socket));
  });
  server.keepAliveTimeout = options.keepAliveTimeoutMs;
  server.headersTimeout = options.keepAliveTimeoutMs + 1_000;

  const drain = (deadline: number): Promise<boolean> => {
    draining = true;
    // Answers not yet sent get `Connection: close` too. Only a connection's latest answer needs it: answers queued
    // before it (HTTP pipelining) go out first, and the connection ends after the one that says close.
    for (const state of connections.values()) if (state.latest && !state.latest.headersSent) state.latest.setHeader('Connection', 'close');
    return new Promise<boolean>((resolve) => {
      const sweep = setInterval(() => {
        const now = Date.now();
        for (const [socket, state] of connections) if (state.busy === 0 && now - state.idleSince >= DRAIN_IDLE_CLOSE_MS) socket.end();
      }, SWEEP_EVERY_MS);
      const timer = setTimeout(
        () => {
          clearInterval(sweep);
          server.closeAllConnections();
          resolve(false);
        },
        Math.max(0, deadline - Date.now()),
      );
      // net.Server's close stops listening and calls back once every connection is gone. http.Server's own close
      // would also close the idle keep-alive connections at once, which is the race described above.
      NetServer.prototype.close.call(server, () => {
        clearInterval(sweep);
        clearTimeout(timer);
        resolve(true);
      });
    });
  };

  return new Promise<Listening>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve({ server, drain });
    });
  });
}
