import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeHttpServer } from './fake-http-server.js';

export type OverpassMode = 'ok' | 'empty' | 'runtime-error' | '400' | '429' | '504' | 'html' | 'truncated' | 'hang';

/**
 * One Overpass instance on 127.0.0.1 (upstreams.md §1.8): POST /api/interpreter with `data=<QL>`. It answers 406 to
 * a missing or library-default User-Agent, like overpass-api.de since 2026-04, and records every query.
 */
export class FakeOverpassServer extends FakeHttpServer {
  mode: OverpassMode = 'ok';
  queries: string[] = [];
  /** Nodes a test places on the map: answered (in 'ok' mode) by every query whose box contains them. */
  extra: { type: 'node'; id: number; lat: number; lon: number; tags: Record<string, string> }[] = [];
  /** Characters of filler in a `description` tag of the first element ('ok' mode): an answer of a given size. */
  padding = 0;
  protected override basePath = '/api/interpreter';

  protected override handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const query = new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('data') ?? '';
      this.queries.push(query);
      const ua = req.headers['user-agent'] ?? '';
      const send = (status: number, type: string, body: string) => {
        res.writeHead(status, { 'Content-Type': type }).end(body);
      };
      if (!ua || /^(node|undici|axios)/i.test(ua)) return send(406, 'text/html', '<html><body>Not Acceptable</body></html>');
      const bbox = /\(([-\d.]+),([-\d.]+),([-\d.]+),([-\d.]+)\)/.exec(query);
      const [south, west, north, east] = bbox ? [Number(bbox[1]), Number(bbox[2]), Number(bbox[3]), Number(bbox[4])] : [0, 0, 0, 0];
      const placed = this.extra.filter((e) => e.lat >= south && e.lat <= north && e.lon >= west && e.lon <= east);
      switch (this.mode) {
        case 'ok':
          return send(
            200,
            'application/json',
            JSON.stringify({
              version: 0.6,
              elements: [
                {
                  type: 'node',
                  id: Math.round(south * 1000 + west),
                  lat: south + 0.01,
                  lon: west + 0.01,
                  tags: {
                    amenity: 'veterinary',
                    name: 'Tierarztpraxis Wau',
                    opening_hours: 'Mo-Fr 08:00-18:00',
                    ...(this.padding ? { description: 'x'.repeat(this.padding) } : {}),
                  },
                },
                { type: 'way', id: 42, center: { lat: south + 0.2, lon: west + 0.2 }, tags: { shop: 'pet_grooming', name: 'Salon Fell' } },
                { type: 'node', id: 7, lat: south + 0.1, lon: west + 0.1 }, // no tags
                ...placed,
              ],
            }),
          );
        case 'empty':
          return send(200, 'application/json', JSON.stringify({ elements: [] }));
        case 'runtime-error':
          return send(
            200,
            'application/json',
            JSON.stringify({ elements: [], remark: 'runtime error: Query timed out in "query" at line 3 after 26 seconds.' }),
          );
        case '400':
          return send(400, 'text/html', '<html><body>Error: line 1: parse error</body></html>');
        case '429':
          return send(429, 'text/html', '<html><body>Too Many Requests</body></html>');
        case '504':
          return send(504, 'text/html', '<html><body>The server is probably too busy</body></html>');
        case 'html':
          return send(200, 'text/html', '<html><body>Maintenance</body></html>');
        case 'truncated':
          return send(200, 'application/json', '{"elements":[{"type":"node","id":1,"lat":52.5');
        case 'hang':
          return; // never answers
      }
    });
  }
}
