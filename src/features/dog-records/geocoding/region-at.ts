import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { UpstreamError, upstreamJsonAs } from '#core/upstream/http-client.js';
import { paced } from '#core/upstream/slots.js';

/**
 * Country and region at a position from Nominatim's reverse lookup (upstreams.md §9), for the profile's place
 * (issue 53): `country_code` ("de") and `ISO3166-2-lvl4` ("DE-NI", "AT-9", "CH-ZH"). Asked only when a user saves a
 * home area, at the state zoom level, paced like every Nominatim request (one a second for the whole app). Anything
 * that goes wrong gives null: the profile keeps its place.
 */
const Reverse = z.union([z.object({ error: z.string() }), z.object({ address: z.record(z.string(), z.string()).optional() })]);

export interface RegionAt {
  country: string | null;
  region: string | null;
}

export async function regionAt(ctx: AppContext, lat: number, lon: number): Promise<RegionAt | null> {
  const base = ctx.config.upstream.nominatimUrl;
  if (!base) return null;
  const url = new URL(`${base.replace(/\/+$/, '')}/reverse`);
  // Three decimals (about 100 m) are plenty for a Land and tell Nominatim less about the home.
  url.search = new URLSearchParams({
    format: 'jsonv2',
    lat: lat.toFixed(3),
    lon: lon.toFixed(3),
    zoom: '5',
    addressdetails: '1',
    'accept-language': 'de',
  }).toString();
  const timeoutMs = ctx.config.upstream.nominatimTimeoutMs;
  const asked = await paced(ctx, 'nominatim', { intervalMs: 1_000, maxWaitMs: 1_500, requestMs: timeoutMs }, async () => {
    try {
      const answer = await upstreamJsonAs(ctx, { upstream: 'nominatim', url, timeoutMs }, Reverse);
      if ('error' in answer) return { country: null, region: null };
      const a = answer.address ?? {};
      const country = a.country_code ? a.country_code.toUpperCase() : null;
      const region = a['ISO3166-2-lvl4'] ?? null;
      return { country, region };
    } catch (err) {
      ctx.log.warn({ upstream: 'nominatim', kind: err instanceof UpstreamError ? err.kind : 'unknown' }, 'region lookup failed');
      return null;
    }
  });
  return asked.skipped ? null : (asked.value ?? null);
}
