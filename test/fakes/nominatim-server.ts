import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeHttpServer } from './fake-http-server.js';

export type NominatimMode = 'ok' | 'unknown' | '403' | '429' | 'hang' | 'held';

/** Nominatim's /reverse on 127.0.0.1 (upstreams.md §9), with the answers its fake list asks for; it records each request. */
export class FakeNominatimServer extends FakeHttpServer {
  mode: NominatimMode = 'ok';
  /** The town in the answer's address (the poison-bait figures' tests ask for others). */
  city = 'München';
  requests: { at: number; userAgent: string | undefined; query: URLSearchParams }[] = [];
  /** Answers kept back in mode 'held' until `release()` (as 'ok'). */
  #held: (() => void)[] = [];
  /**
   * Known places for the region lookup (issue 53): a request within half a degree of one answers its address
   * (country_code, ISO3166-2-lvl4); elsewhere the München answer below.
   */
  areas: { lat: number; lon: number; address: Record<string, string> }[] = [
    { lat: 52.37, lon: 9.74, address: { city: 'Hannover', state: 'Niedersachsen', 'ISO3166-2-lvl4': 'DE-NI', country: 'Deutschland', country_code: 'de' } },
    { lat: 47.37, lon: 8.54, address: { city: 'Zürich', state: 'Zürich', 'ISO3166-2-lvl4': 'CH-ZH', country: 'Schweiz', country_code: 'ch' } },
    { lat: 48.21, lon: 16.37, address: { city: 'Wien', state: 'Wien', 'ISO3166-2-lvl4': 'AT-9', country: 'Österreich', country_code: 'at' } },
  ];

  /** Sends the answers held back so far, as in mode 'ok'. */
  release(): void {
    for (const answer of this.#held.splice(0)) answer();
  }

  protected override handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    this.requests.push({ at: Date.now(), userAgent: req.headers['user-agent'], query: url.searchParams });
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    };
    if (url.pathname !== '/reverse') return json(404, { error: 'not found' });
    if (this.mode === 'held') {
      this.#held.push(() => this.#answerOk(url, json));
      return;
    }
    switch (this.mode) {
      case 'ok':
        return this.#answerOk(url, json);
      case 'unknown':
        return json(200, { error: 'Unable to geocode' });
      case '403':
        return json(403, { error: 'blocked' });
      case '429':
        return json(429, { error: 'too many requests' });
      case 'hang':
        return; // never answers: the client's timeout must end it
    }
  }

  #answerOk(url: URL, json: (status: number, body: unknown) => void): void {
    const lat = Number(url.searchParams.get('lat'));
    const lon = Number(url.searchParams.get('lon'));
    const area = this.areas.find((a) => Math.abs(a.lat - lat) < 0.5 && Math.abs(a.lon - lon) < 0.5);
    if (area) return json(200, { place_id: 1, lat: String(lat), lon: String(lon), display_name: area.address.city, address: area.address });
    json(200, {
      place_id: 123456,
      licence: 'Data © OpenStreetMap contributors, ODbL 1.0. https://osm.org/copyright',
      lat: url.searchParams.get('lat'),
      lon: url.searchParams.get('lon'),
      name: 'Marienplatz',
      display_name: 'Marienplatz, Altstadt, München, Bayern, 80331, Deutschland',
      address: {
        road: 'Marienplatz',
        suburb: 'Altstadt-Lehel',
        city: this.city,
        state: 'Bayern',
        postcode: '80331',
        country: 'Deutschland',
        country_code: 'de',
      },
    });
  }
}
