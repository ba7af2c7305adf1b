import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { upstreamJsonAs } from '#core/upstream/http-client.js';
import { kindOfEvent, type StoredAlert } from './walk-weather.types.js';

/**
 * Bright Sky's `GET /alerts` (upstreams.md §3.3; jdemaeyer/brightsky web/models.py `AlertsResponse`): the DWD's
 * warnings for a warn cell (`warn_cell_id`) or for the cell a position lies in (`lat`, `lon`), with the cell in
 * `location` (null outside Germany). Short timeout (WEATHER_TIMEOUT_MS), our User-Agent, no retries inside a run:
 * the next run is 15 minutes away. Failures are UpstreamErrors (already logged as warnings by the HTTP client).
 */

const text = z.string().nullable().optional();
const BrightSkyAlert = z.looseObject({
  id: z.number(),
  alert_id: z.string(),
  status: z.string(),
  onset: z.string(),
  expires: z.string().nullable().optional(),
  severity: z.enum(['minor', 'moderate', 'severe', 'extreme']).nullable().optional(),
  event_de: text,
  event_en: text,
  headline_de: text,
  headline_en: text,
  description_de: text,
  description_en: text,
  instruction_de: text,
});
const AlertsResponse = z.object({
  alerts: z.array(BrightSkyAlert),
  location: z.looseObject({ warn_cell_id: z.number().int(), name_short: z.string().optional(), name: z.string().optional() }).nullable().optional(),
});

export interface CellAlerts {
  /** The cell asked for or found (null: Bright Sky knows none there). */
  warnCellId: number | null;
  placeName: string | null;
  alerts: StoredAlert[];
}

export type AlertsQuery = { warnCellId: number } | { lat: number; lon: number };

/** Only real warnings (`status: actual`; `test` messages are the DWD's drills), in the app's own shape. */
export function toStoredAlerts(alerts: z.infer<typeof BrightSkyAlert>[]): StoredAlert[] {
  return alerts
    .filter((a) => a.status === 'actual')
    .map((a) => ({
      id: a.alert_id,
      event: a.event_de ?? a.event_en ?? 'Unwetter',
      kind: kindOfEvent(a.event_de, a.event_en),
      headline: a.headline_de ?? a.headline_en ?? 'Amtliche Warnung',
      description: a.description_de ?? a.description_en ?? '',
      instruction: a.instruction_de ?? null,
      severity: a.severity ?? null,
      onset: a.onset,
      expires: a.expires ?? null,
    }));
}

export async function fetchAlerts(ctx: Pick<AppContext, 'config' | 'log'>, baseUrl: string, query: AlertsQuery): Promise<CellAlerts> {
  const url = new URL(`${baseUrl.replace(/\/$/, '')}/alerts`);
  url.search = new URLSearchParams(
    'warnCellId' in query
      ? { warn_cell_id: String(query.warnCellId), tz: ctx.config.timeZone }
      : { lat: String(query.lat), lon: String(query.lon), tz: ctx.config.timeZone },
  ).toString();
  const body = await upstreamJsonAs(ctx, { upstream: 'brightsky-alerts', url, timeoutMs: ctx.config.upstream.weatherTimeoutMs }, AlertsResponse);
  const cell = body.location?.warn_cell_id ?? ('warnCellId' in query ? query.warnCellId : null);
  return { warnCellId: cell, placeName: body.location?.name_short ?? body.location?.name ?? null, alerts: toStoredAlerts(body.alerts) };
}
