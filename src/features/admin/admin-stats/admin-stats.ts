import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { cachedCountsByLayer } from '../../map/map-layers/index.js';
import { placeStats } from '../../map/places/index.js';
import { contributionsByStatus } from '../../map/map-contrib/index.js';
import { warningChannelCounts } from '../../map/nearby/index.js';
import { countRows, usersByTier } from './admin-stats.repo.js';

/**
 * GET /api/admin/stats (decisions: Map, places and OpenStreetMap): accounts, dogs, the users' places per type (a
 * place with two types counts for each), the OpenStreetMap points cached per layer, and the map contributions per
 * state, and how warnings reach the active users (home area, push, mail).
 */
const Counts = z.record(z.string(), z.number().int());
export const AdminStats = z
  .object({
    users_total: z.number().int(),
    users_by_tier: Counts,
    dogs_total: z.number().int(),
    diary_entries_total: z.number().int(),
    user_poi_total: z.number().int(),
    user_poi_by_type: Counts,
    osm_poi_cached_by_type: Counts.meta({ description: 'Punkte aus OpenStreetMap im Zwischenspeicher, je Ebene' }),
    contributions_by_status: Counts,
    warning_channels: z
      .object({ active_users: z.number().int(), home_area: z.number().int(), push: z.number().int(), mail: z.number().int() })
      .meta({ description: 'Wie Warnungen die aktiven Konten erreichen: mit Heimatgebiet, mit Push, mit Mail' }),
  })
  .meta({ id: 'AdminStats' });

export async function adminStats(ctx: AppContext): Promise<z.infer<typeof AdminStats>> {
  const places = await placeStats(ctx);
  return {
    users_total: await countRows(ctx.db, 'users'),
    users_by_tier: await usersByTier(ctx.db),
    dogs_total: await countRows(ctx.db, 'dogs'),
    diary_entries_total: await countRows(ctx.db, 'diary_entries'),
    user_poi_total: places.total,
    user_poi_by_type: places.byType,
    osm_poi_cached_by_type: await cachedCountsByLayer(ctx),
    contributions_by_status: await contributionsByStatus(ctx.db),
    warning_channels: await warningChannelCounts(ctx),
  };
}
