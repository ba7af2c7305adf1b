import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeHttpServer } from './fake-http-server.js';

/**
 * A fake of Bright Sky's `GET /alerts` (upstreams.md §3.3) on 127.0.0.1. Warn cells are squares of 0.1° here: the
 * cell of a position is `cellAt(lat, lon)`, and positions outside Germany's box have none (`location: null`), as
 * the real API answers. `alerts` holds the warnings per cell; `mode` switches failures on; `requests` logs the queries.
 */
export type AlertsFakeMode = 'ok' | '500' | 'slow' | 'garbage';

export const cellAt = (lat: number, lon: number): number | null =>
  lat < 47 || lat > 55.1 || lon < 5.8 || lon > 15.1 ? null : 800_000_000 + Math.floor(lat * 10) * 1000 + Math.floor(lon * 10);

export interface FakeAlert {
  id: number;
  alert_id: string;
  status: 'actual' | 'test';
  effective: string;
  onset: string;
  expires: string | null;
  category: 'met' | 'health' | null;
  response_type: string | null;
  urgency: string | null;
  severity: 'minor' | 'moderate' | 'severe' | 'extreme' | null;
  certainty: string | null;
  event_code: number | null;
  event_en: string | null;
  event_de: string | null;
  headline_en: string;
  headline_de: string;
  description_en: string;
  description_de: string;
  instruction_en: string | null;
  instruction_de: string | null;
}

let nextId = 279_977;

/** A DWD heat warning (event 247, STARKE HITZE) in Bright Sky's shape. */
export function heatAlert(over: Partial<FakeAlert> = {}): FakeAlert {
  const id = nextId++;
  return {
    id,
    alert_id: `2.49.0.0.276.0.DWD.PVW.1751020000000.${id}-heat`,
    status: 'actual',
    effective: '2026-07-01T08:00:00+02:00',
    onset: '2026-07-01T11:00:00+02:00',
    expires: '2026-07-01T19:00:00+02:00',
    category: 'health',
    response_type: 'prepare',
    urgency: 'immediate',
    severity: 'moderate',
    certainty: 'likely',
    event_code: 247,
    event_en: 'strong heat',
    event_de: 'STARKE HITZE',
    headline_en: 'Official WARNING of HEAT',
    headline_de: 'Amtliche WARNUNG vor HITZE',
    description_en: 'A strong heat stress is expected.',
    description_de: 'Es tritt eine starke Wärmebelastung auf.',
    instruction_en: null,
    instruction_de: 'Vermeiden Sie nach Möglichkeit die Hitze.',
    ...over,
  };
}

export class FakeWeatherAlertsServer extends FakeHttpServer {
  mode: AlertsFakeMode = 'ok';
  slowMs = 6_000;
  readonly alerts = new Map<number, FakeAlert[]>();
  readonly requests: URLSearchParams[] = [];

  reset(): void {
    this.mode = 'ok';
    this.alerts.clear();
    this.requests.length = 0;
  }

  protected override handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    this.requests.push(url.searchParams);
    const send = (status: number, body: string) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
    const answer = () => {
      if (url.pathname !== '/alerts') return send(404, JSON.stringify({ detail: 'Not Found' }));
      if (this.mode === '500') return send(500, JSON.stringify({ detail: 'Internal Server Error' }));
      if (this.mode === 'garbage') return send(200, '<html>Wartung');
      const q = url.searchParams;
      const cell = q.has('warn_cell_id') ? Number(q.get('warn_cell_id')) : cellAt(Number(q.get('lat')), Number(q.get('lon')));
      const location =
        cell === null
          ? null
          : { warn_cell_id: cell, name: `Gemeinde ${cell}`, name_short: `Ort ${cell % 1_000_000}`, district: 'Kreis', state: 'Berlin', state_short: 'BE' };
      send(200, JSON.stringify({ alerts: cell === null ? [] : (this.alerts.get(cell) ?? []), location }));
    };
    if (this.mode === 'slow') setTimeout(answer, this.slowMs).unref();
    else answer();
  }
}
