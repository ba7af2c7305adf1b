import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface Listening {
  server: Server;
  /**
   * Stops accepting (the port closes; in a cluster worker the primary stops handing it connections), closes idle
   * keep-alive connections at once and lets requests in flight finish, each answer carrying `Connection: close` so
   * the proxy does not send another request on that connection. Resolves true when the last connection is gone, or
   * false at `deadline` (epoch ms), when the connections still open are cut.
   */
  drain(deadline: number): Promise<boolean>;
}

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
  // Answers not yet sent when the drain starts get `Connection: close` too; one Set entry per request in flight.
  const open = new Set<ServerResponse>();
  const forget = function (this: ServerResponse) {
    open.delete(this);
  };
  const server = createServer((req, res) => {
    if (draining) {
      res.setHeader('Connection', 'close');
    } else {
      open.add(res);
      res.once('close', forget);
    }
    handler(req, res);
  });
  server.keepAliveTimeout = options.keepAliveTimeoutMs;
  server.headersTimeout = options.keepAliveTimeoutMs + 1_000;

  const drain = (deadline: number): Promise<boolean> => {
    draining = true;
    for (const res of open) {
      if (!res.headersSent) res.setHeader('Connection', 'close');
      // Headers already out said keep-alive: close the connection once the answer is complete (close() closed only
      // the connections idle at that moment, and Node leaves the others open until keepAliveTimeout).
      else res.once('finish', () => setImmediate(() => server.closeIdleConnections()));
    }
    open.clear();
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(
        () => {
          server.closeAllConnections();
          resolve(false);
        },
        Math.max(0, deadline - Date.now()),
      );
      // close() stops listening and closes the idle connections; its callback waits for the busy ones.
      server.close(() => {
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
