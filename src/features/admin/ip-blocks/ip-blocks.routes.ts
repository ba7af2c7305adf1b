import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { notFound } from '#core/http/route/errors.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';

const tags = ['Verwaltung'];

const IpBlock = z
  .object({
    ip: z.string(),
    reason: z.string(),
    blocked_until: z.string(),
    first_hit_at: z.string(),
    last_hit_at: z.string().nullable(),
    hits: z.number().int().meta({ description: 'Treffer seit dem ersten; jeder verlängert die nächste Sperre' }),
  })
  .meta({ id: 'IpBlock' });

/** IPv4 or IPv6 text as Express gives it in req.ip (no ports, no ranges). */
const IpParam = z.object({ ip: z.string().regex(/^[0-9a-fA-F:.]{2,45}$/, { error: 'Keine IP-Adresse.' }) });

export function ipBlocksRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'admin' });
  api.get('/api/admin/ip-blocks', 'Aktive Sperren von Adressen (Falle für Scraper)', {
    responses: { 200: ['Liste', z.object({ items: z.array(IpBlock) })] },
    run: async (_input) => {
      const rows = await ctx.blocklist.active();
      return {
        items: rows.map((r) => ({
          ip: r.ip,
          reason: r.reason,
          blocked_until: r.blocked_until,
          first_hit_at: r.created_at,
          last_hit_at: r.last_hit_at,
          hits: r.hits,
        })),
      };
    },
  });
  api.delete('/api/admin/ip-blocks/:ip', 'Sperre aufheben (auf allen Instanzen binnen 30 Sekunden)', {
    params: IpParam,
    responses: { 204: 'Aufgehoben', 404: 'Keine Sperre für diese Adresse' },
    run: async ({ params, actor }) => {
      if (!(await ctx.blocklist.lift(params.ip, actor))) throw notFound('Für diese Adresse gibt es keine Sperre.');
    },
  });
}
