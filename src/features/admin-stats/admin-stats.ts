import { z } from 'zod';
import type { AppContext } from '../../core/context.js';
import { route, type Routes } from '../../core/http/route.js';
import { cachedCountsByLayer } from '../map-layers/index.js';
import { placeStats } from '../places/index.js';
import { contributionsByStatus } from '../map-contrib/index.js';

/**
 * GET /api/admin/stats (decisions: Map, places and OpenStreetMap): accounts, dogs, the users' places per type (a
 * place with two types counts for each), the OpenStreetMap points cached per layer, and the map contributions per
 * state.
 */
const Counts = z.record(z.string(), z.number().int());
const AdminStats = z
  .object({
    users_total: z.number().int(),
    users_by_tier: Counts,
    dogs_total: z.number().int(),
    diary_entries_total: z.number().int(),
    user_poi_total: z.number().int(),
    user_poi_by_type: Counts,
    osm_poi_cached_by_type: Counts.meta({ description: 'Punkte aus OpenStreetMap im Zwischenspeicher, je Ebene' }),
    contributions_by_status: Counts,
  })
  .meta({ id: 'AdminStats' });

async function countOf(ctx: AppContext, table: 'users' | 'dogs' | 'diary_entries'): Promise<number> {
  const row = await ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function adminStats(ctx: AppContext): Promise<z.infer<typeof AdminStats>> {
  const tiers = await ctx.db
    .selectFrom('users')
    .select((eb) => ['subscription_tier', eb.fn.countAll<number | string>().as('n')])
    .groupBy('subscription_tier')
    .execute();
  const places = await placeStats(ctx);
  return {
    users_total: await countOf(ctx, 'users'),
    users_by_tier: Object.fromEntries(tiers.map((t) => [t.subscription_tier, Number(t.n)])),
    dogs_total: await countOf(ctx, 'dogs'),
    diary_entries_total: await countOf(ctx, 'diary_entries'),
    user_poi_total: places.total,
    user_poi_by_type: places.byType,
    osm_poi_cached_by_type: await cachedCountsByLayer(ctx),
    contributions_by_status: await contributionsByStatus(ctx.db),
  };
}

export function adminStatsRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'get',
      path: '/api/admin/stats',
      summary: 'Statistik: Konten, Hunde, Orte je Typ, OSM-Punkte im Zwischenspeicher, Kartenbeiträge',
      tags: ['Verwaltung'],
      access: 'admin',
      responses: { 200: { description: 'Zahlen', schema: AdminStats } },
    },
    async (_input, _req, res) => {
      res.json(await adminStats(ctx));
    },
  );
}
