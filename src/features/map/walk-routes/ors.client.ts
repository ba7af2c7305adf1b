import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { serviceUnavailable, unprocessable, type AppError } from '#core/http/route/errors.js';
import { UpstreamError, upstreamRequest } from '#core/upstream/http-client.js';
import { spendRoutingRequest } from './routing-budget.js';

/**
 * openrouteservice directions (upstreams.md §4.1): `POST {ROUTING_URL}/v2/directions/{profile}/geojson` with the key
 * in `Authorization` (no "Bearer") and the points as [lon, lat]. 10 s per call; one retry on 5xx or a network
 * failure, none on 4xx. Its quota answers (429, 403) and outages become a German 503 — the caller counts nothing
 * then; "no route" and "point not found" are the user's to mend: 422. Every request sent (a retry too) is counted in
 * the app's daily budget first (routing-budget.ts), which may refuse it with a 429 before anything goes out.
 */

const Answer = z.object({
  features: z
    .array(
      z.object({
        properties: z.object({ summary: z.object({ distance: z.number().default(0), duration: z.number().default(0) }) }),
        geometry: z.object({ type: z.literal('LineString'), coordinates: z.array(z.array(z.number()).min(2)).min(2) }),
      }),
    )
    .min(1),
});
const OrsError = z.object({ error: z.object({ code: z.number().int() }) });

export interface PlannedLine {
  coordinates: [number, number][];
  distance_m: number;
  duration_s: number;
}

const UNAVAILABLE = 'Die Routenplanung ist gerade nicht verfügbar. Versuch es später noch einmal.';

function userError(err: UpstreamError): AppError | null {
  if (err.kind !== 'status' || (err.status !== 400 && err.status !== 404)) return null;
  let code: number | undefined;
  try {
    code = OrsError.parse(JSON.parse(err.bodySnippet ?? '')).error.code;
  } catch {
    return null;
  }
  if (code === 2010) return unprocessable('Ein Punkt liegt zu weit von einem Weg entfernt. Setz ihn näher an einen Weg.', { points: 'Kein Weg in der Nähe.' });
  if (code === 2009) return unprocessable('Zwischen diesen Punkten haben wir keinen Fußweg gefunden.', { points: 'Keine Route gefunden.' });
  if (code === 2004) return unprocessable('Die Route ist zu lang. Plan sie bitte in kürzeren Stücken.', { points: 'Zu lang.' });
  return null;
}

async function call(ctx: AppContext, profile: string, points: [number, number][], mayUseReserve: boolean) {
  await spendRoutingRequest(ctx, mayUseReserve);
  return upstreamRequest(ctx, {
    upstream: 'routing',
    url: `${ctx.config.upstream.routingUrl.replace(/\/$/, '')}/v2/directions/${profile}/geojson`,
    method: 'POST',
    headers: {
      Authorization: ctx.config.upstream.routingApiKey ?? '',
      'Content-Type': 'application/json',
      Accept: 'application/json, application/geo+json',
    },
    body: JSON.stringify({ coordinates: points.map(([lat, lon]) => [lon, lat]), instructions: false, units: 'm', elevation: false }),
    timeoutMs: ctx.config.upstream.routingTimeoutMs,
  });
}

/** `points` as [lat, lon]; the answer's line is GeoJSON [lon, lat]. `mayUseReserve`: premium users and staff. */
export async function planFootRoute(ctx: AppContext, profile: string, points: [number, number][], mayUseReserve: boolean): Promise<PlannedLine> {
  if (!ctx.config.upstream.routingApiKey) throw serviceUnavailable(UNAVAILABLE, 'routing_unavailable');
  let res;
  try {
    res = await call(ctx, profile, points, mayUseReserve).catch(async (err: unknown) => {
      const retry = err instanceof UpstreamError && (err.kind === 'network' || (err.kind === 'status' && (err.status ?? 0) >= 500));
      if (!retry) throw err;
      return call(ctx, profile, points, mayUseReserve);
    });
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    const mine = userError(err);
    if (mine) throw mine;
    if (err.status === 401 || (err.status === 403 && !/quota/i.test(err.bodySnippet ?? ''))) ctx.log.error({ err }, 'routing service refused our key');
    throw serviceUnavailable(UNAVAILABLE, 'routing_unavailable');
  }
  let json: unknown = null;
  try {
    json = JSON.parse(res.body.toString('utf8'));
  } catch {
    // not JSON: handled as an unexpected shape below
  }
  const parsed = Answer.safeParse(json);
  if (!parsed.success) {
    ctx.log.warn({ issue: parsed.error.issues[0]?.path.join('.') }, 'routing service answered an unexpected shape');
    throw serviceUnavailable(UNAVAILABLE, 'routing_unavailable');
  }
  const feature = parsed.data.features[0]!;
  return {
    coordinates: feature.geometry.coordinates.map((c) => [c[0]!, c[1]!] as [number, number]),
    distance_m: feature.properties.summary.distance,
    duration_s: feature.properties.summary.duration,
  };
}
