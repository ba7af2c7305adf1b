import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { UpstreamError, upstreamJsonAs } from '#core/upstream/http-client.js';
import { paced } from '#core/upstream/slots.js';

/** One request a second is Nominatim's absolute maximum, for the whole application (upstreams.md §9). */
const INTERVAL_MS = 1_000;

const Reverse = z.union([
  z.object({ error: z.string() }),
  z.object({
    name: z.string().optional(),
    address: z.record(z.string(), z.string()).optional(),
    display_name: z.string().optional(),
  }),
]);

/** What Nominatim's /reverse knows about a place. */
export type ReversePlace = { name?: string; address?: Record<string, string>; display_name?: string };

/**
 * `found` is the place, or null where Nominatim knows none (its `error` answer); 'failed' when the request failed
 * (logged); 'skipped' when the turn did not come within `maxWaitMs`.
 */
export type ReverseLookup = { found: ReversePlace | null } | 'failed' | 'skipped';

/**
 * One /reverse lookup under the policy (upstreams.md §9): the position rounded to `decimals`, at `zoom`, in German,
 * with the app's User-Agent and a short timeout. The one request a second is for the whole application: the turn is
 * taken in the database (core/upstream/slots.ts), across instances and workers. A failure is logged as "`what` failed".
 */
export async function reverseLookup(
  ctx: AppContext,
  base: string,
  at: { lat: number; lon: number },
  options: { decimals: number; zoom: number; maxWaitMs: number; what: string },
): Promise<ReverseLookup> {
  const url = new URL(`${base.replace(/\/+$/, '')}/reverse`);
  url.search = new URLSearchParams({
    format: 'jsonv2',
    lat: at.lat.toFixed(options.decimals),
    lon: at.lon.toFixed(options.decimals),
    zoom: String(options.zoom),
    addressdetails: '1',
    'accept-language': 'de',
  }).toString();
  const timeoutMs = ctx.config.upstream.nominatimTimeoutMs;
  const asked = await paced(ctx, 'nominatim', { intervalMs: INTERVAL_MS, maxWaitMs: options.maxWaitMs, requestMs: timeoutMs }, async () => {
    try {
      const answer = await upstreamJsonAs(ctx, { upstream: 'nominatim', url, timeoutMs }, Reverse);
      return { found: 'error' in answer ? null : answer };
    } catch (err) {
      ctx.log.warn(
        { upstream: 'nominatim', kind: err instanceof UpstreamError ? err.kind : 'unknown', status: err instanceof UpstreamError ? err.status : undefined },
        `${options.what} failed`,
      );
      return 'failed' as const;
    }
  });
  return asked.skipped ? 'skipped' : asked.value;
}
