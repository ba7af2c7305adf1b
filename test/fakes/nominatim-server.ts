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
