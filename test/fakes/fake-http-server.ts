import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The life cycle every fake upstream shares: listen on 127.0.0.1 at a free port, answer through `handle`, and stop
 * with open keep-alive connections cut (a test must not wait for them). Subclasses supply the upstream's behaviour.
 */
export abstract class FakeHttpServer {
  #server: Server | undefined;
  url = '';

  /** Base path appended to the origin in `url` (e.g. `/v1` for an OpenAI-style API). */
  protected basePath = '';

  protected abstract handle(req: IncomingMessage, res: ServerResponse): void;

  async start(): Promise<string> {
    const server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.#server = server;
    const { port } = server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}${this.basePath}`;
    return this.url;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
