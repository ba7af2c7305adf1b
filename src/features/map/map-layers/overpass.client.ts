import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { UpstreamError, upstreamRequest } from '#core/upstream/http-client.js';

/**
 * Overpass as upstreams.md §1.6 says: the instances of OVERPASS_URLS one after another (never in parallel) within
 * one 30 s budget; a 200 with a "runtime error" remark, a non-JSON answer, 406, 429, 5xx, a timeout or a network
 * error moves on to the next instance and lets the failed one cool down (429: 60 s, others 30 s), so it is not
 * asked again at once; a 400 means our query is wrong everywhere and stops. Every instance failing is `null`.
 */

const BUDGET_MS = 30_000;
const COOL_DOWN_MS = { 429: 60_000, other: 30_000 } as const;
/** Decisions (Outgoing HTTP): map data may be 20 MB, other answers 2 MB. */
export const OVERPASS_MAX_BYTES = 20 * 1024 * 1024;

const Element = z.object({
  type: z.enum(['node', 'way', 'relation']),
  id: z.number().int(),
  lat: z.number().optional(),
  lon: z.number().optional(),
  center: z.object({ lat: z.number(), lon: z.number() }).optional(),
  tags: z.record(z.string(), z.string()).optional(),
});
export type OverpassElement = z.infer<typeof Element>;
const Answer = z.object({ elements: z.array(Element), remark: z.string().optional() });

/** Until when an instance rests after failing, per app instance (keyed by its config). */
const resting = new WeakMap<object, Map<string, number>>();

function restMap(ctx: AppContext): Map<string, number> {
  let map = resting.get(ctx.config);
  if (!map) resting.set(ctx.config, (map = new Map()));
  return map;
}

export class OverpassQueryError extends Error {}

export async function runOverpass(ctx: AppContext, query: string): Promise<OverpassElement[] | null> {
  const deadline = Date.now() + BUDGET_MS;
  const rest = restMap(ctx);
  for (const url of ctx.config.upstream.overpassUrls) {
    const left = deadline - Date.now();
    if (left < 500) break;
    if ((rest.get(url) ?? 0) > Date.now()) continue;
    try {
      const res = await upstreamRequest(ctx, {
        upstream: 'overpass',
        url,
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ data: query }).toString(),
        timeoutMs: left,
        maxBytes: OVERPASS_MAX_BYTES,
      });
      const parsed = Answer.safeParse(JSON.parse(res.body.toString('utf8')));
      if (!parsed.success) throw new UpstreamError('overpass', 'invalid_response', 'answer of an unexpected shape');
      // A query that ran out of time or memory answers 200 with partial data: not to be trusted (§1.5).
      if (parsed.data.remark?.startsWith('runtime error')) throw new UpstreamError('overpass', 'invalid_response', parsed.data.remark.slice(0, 200));
      return parsed.data.elements;
    } catch (err) {
      if (err instanceof UpstreamError && err.status === 400) {
        ctx.log.error({ upstream: 'overpass', url }, 'overpass refused our query (400): a bug, not an outage');
        throw new OverpassQueryError('Overpass refused the query');
      }
      const status = err instanceof UpstreamError ? err.status : undefined;
      if (status === 406) ctx.log.error({ upstream: 'overpass', url }, 'overpass refused the User-Agent (406): check HTTP_USER_AGENT');
      rest.set(url, Date.now() + (status === 429 ? COOL_DOWN_MS[429] : COOL_DOWN_MS.other));
      ctx.log.warn(
        { upstream: 'overpass', url, status, kind: err instanceof UpstreamError ? err.kind : 'invalid_json' },
        'overpass instance failed, trying the next',
      );
    }
  }
  return null;
}
