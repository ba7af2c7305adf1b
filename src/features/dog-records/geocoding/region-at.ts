import type { AppContext } from '#core/context.js';
import { reverseLookup } from './nominatim-reverse.js';

/**
 * Country and region at a position from Nominatim's reverse lookup (upstreams.md §9), for the profile's place
 * (issue 53): `country_code` ("de") and `ISO3166-2-lvl4` ("DE-NI", "AT-9", "CH-ZH"). Asked only when a user saves a
 * home area, at the state zoom level, paced like every Nominatim request (one a second for the whole app). Anything
 * that goes wrong gives null: the profile keeps its place.
 */

export interface RegionAt {
  country: string | null;
  region: string | null;
}

export async function regionAt(ctx: AppContext, lat: number, lon: number): Promise<RegionAt | null> {
  const base = ctx.config.upstream.nominatimUrl;
  if (!base) return null;
  // Three decimals (about 100 m) are plenty for a Land and tell Nominatim less about the home.
  const asked = await reverseLookup(ctx, base, { lat, lon }, { decimals: 3, zoom: 5, maxWaitMs: 1_500, what: 'region lookup' });
  if (typeof asked === 'string') return null;
  const a = asked.found?.address ?? {};
  return { country: a.country_code ? a.country_code.toUpperCase() : null, region: a['ISO3166-2-lvl4'] ?? null };
}
