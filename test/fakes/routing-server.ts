import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeHttpServer } from './fake-http-server.js';

export type RoutingMode = 'ok' | 'no-point' | 'no-route' | 'too-long' | 'bad-key' | 'quota-day' | 'quota-minute' | '500' | '503' | 'slow';

export interface RecordedRoutingRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: { coordinates?: [number, number][] } & Record<string, unknown>;
}

/**
 * openrouteservice on 127.0.0.1 (upstreams.md §4.4): `POST /v2/directions/{profile}/geojson`. In 'ok' mode it
 * answers a line through the given points ([lon, lat], as ORS takes and gives them) with 1.4 m/s walking time;
 * the other modes answer ORS's error shapes. It checks the key in `Authorization` without "Bearer".
 */
export class FakeRoutingServer extends FakeHttpServer {
  key = 'ors-test-key';
  mode: RoutingMode = 'ok';
  /** The first this-many requests fail with 500 before `mode` applies (a retry test). */
  failFirst = 0;
  slowMs = 15_000;
  requests: RecordedRoutingRequest[] = [];

  protected override handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: RecordedRoutingRequest['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedRoutingRequest['body'];
      } catch {
        // recorded as empty; answered 400 below
      }
      const path = req.url ?? '';
      this.requests.push({ path, headers: req.headers, body });
      const json = (status: number, value: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
      const orsError = (status: number, code: number, message: string) => json(status, { error: { code, message }, info: { timestamp: Date.now() } });
      if (req.headers.authorization !== this.key) return json(401, { error: 'Authorization field missing' });
      if (!/^\/v2\/directions\/foot-(walking|hiking)\/geojson$/.test(path)) return json(404, { error: 'not found' });
      if (this.failFirst > 0) {
        this.failFirst--;
        return orsError(500, 2099, 'Unknown internal error');
      }
      switch (this.mode) {
        case 'no-point':
          return orsError(404, 2010, 'Could not find routable point within a radius of 350.0 meters of specified coordinate 0');
        case 'no-route':
          return orsError(404, 2009, 'Route could not be found');
        case 'too-long':
          return orsError(400, 2004, 'Request parameters exceed the server configuration limits');
        case 'bad-key':
          return json(403, { error: 'Access to this API has been disallowed' });
        case 'quota-day':
          return json(403, { error: 'Quota exceeded' });
        case 'quota-minute':
          return json(429, { error: 'Rate limit exceeded' });
        case '500':
          return orsError(500, 2099, 'Unknown internal error');
        case '503':
          return json(503, { error: 'Service unavailable' });
        case 'slow':
          setTimeout(() => json(200, this.#line(body.coordinates ?? [])), this.slowMs).unref();
          return;
        case 'ok':
          if (!Array.isArray(body.coordinates) || body.coordinates.length < 2) return orsError(400, 2001, 'Parameter coordinates is missing');
          return json(200, this.#line(body.coordinates));
      }
    });
  }

  /** A line through the points with a midpoint between each pair, and a rough walking distance and time. */
  #line(points: [number, number][]) {
    const coords: [number, number][] = [];
    let distance = 0;
    points.forEach((p, i) => {
      const prev = points[i - 1];
      if (prev) {
        coords.push([(prev[0] + p[0]) / 2, (prev[1] + p[1]) / 2]);
        distance += Math.hypot((p[0] - prev[0]) * 74_000, (p[1] - prev[1]) * 111_000);
      }
      coords.push(p);
    });
    const summary = { distance: Math.round(distance * 10) / 10, duration: Math.round(distance / 1.4) };
    return {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { summary, segments: [], way_points: [0, coords.length - 1] }, geometry: { type: 'LineString', coordinates: coords } },
      ],
      metadata: { attribution: 'openrouteservice.org | OpenStreetMap contributors', service: 'routing' },
    };
  }
}
