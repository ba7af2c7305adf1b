import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeHttpServer } from './fake-http-server.js';

/** `down`: the connection is cut before any answer (the feed unreachable); `hang`: no answer until the client gives up. */
export type FoodAlertMode = 'ok' | 'unwrapped' | 'empty' | '404' | '410' | '503' | '401' | '500' | 'garbage' | 'hang' | 'down';

const DOCS = [
  {
    _type: '.FoodWarning',
    id: 98765,
    archived: false,
    publishedDate: 1767312000000,
    title: 'Hundesnack Kaurolle Rind, 200 g',
    warning: 'Salmonellen nachgewiesen',
    link: 'https://www.lebensmittelwarnung.de/warnung/98765',
    product: { designation: 'Kausnack für Hunde', manufacturer: 'Beispiel GmbH' },
  },
  {
    _type: '.FoodWarning',
    id: 98766,
    publishedDate: 1767398400000,
    title: 'Schokolade Zartbitter 100 g',
    warning: 'Fremdkörper (Kunststoff)',
    product: { designation: 'Schokolade' },
  },
  { _type: '.FoodWarning', id: 98767, publishedDate: 1767398400000, title: 'Katzenfutter Huhn', warning: 'Schimmel' }, // no product
];

/** The food-alert feed (upstreams.md §5) on 127.0.0.1: POST /warnings/merged with the failure cases of §5.3. */
export class FakeFoodAlertServer extends FakeHttpServer {
  mode: FoodAlertMode = 'ok';
  hits = 0;
  lastAuth: string | undefined;

  protected override handle(req: IncomingMessage, res: ServerResponse): void {
    this.hits++;
    this.lastAuth = req.headers.authorization;
    if (this.mode === 'down') {
      req.socket.destroy();
      return;
    }
    req.resume();
    req.on('end', () => {
      const json = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      switch (this.mode) {
        case 'ok':
          return json(200, { response: { numFound: DOCS.length, docs: DOCS } });
        case 'unwrapped':
          return json(200, { numFound: DOCS.length, docs: DOCS });
        case 'empty':
          return json(200, { response: { numFound: 0, docs: [] } });
        case 'garbage':
          return res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"response": [broken');
        case 'hang':
          return;
        default:
          return json(Number(this.mode), { error: this.mode });
      }
    });
  }
}
