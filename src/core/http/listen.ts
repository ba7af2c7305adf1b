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
  /** Each open connection: how many of its requests are running, and since when it has been idle. */
  const connections = new Map<Socket, { busy: number; idleSince: number }>();
  // Answers not yet sent when the drain starts get `Connection: close` too.
  const inFlight = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    const state = connections.get(req.socket);
    if (state) state.busy++;
    if (draining) res.setHeader('Connection', 'close');
    else inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      if (state) {
        state.busy--;
        state.idleSince = Date.now();
      }
    });
    handler(req, res);
  });
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { busy: 0, idleSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  server.keepAliveTimeout = options.keepAliveTimeoutMs;
  server.headersTimeout = options.keepAliveTimeoutMs + 1_000;

  const drain = (deadline: number): Promise<boolean> => {
    draining = true;
    for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    inFlight.clear();
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
