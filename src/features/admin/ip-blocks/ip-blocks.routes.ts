import { z } from 'zod';
import type { AppContext } from '../../../core/context.js';
import { notFound } from '../../../core/http/errors.js';
import { route, type Routes } from '../../../core/http/route.js';

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
  route(
    routes,
    {
      method: 'get',
      path: '/api/admin/ip-blocks',
      summary: 'Aktive Sperren von Adressen (Falle für Scraper)',
      tags,
      access: 'admin',
      responses: { 200: { description: 'Liste', schema: z.object({ items: z.array(IpBlock) }) } },
    },
    async (_input, _req, res) => {
      const rows = await ctx.blocklist.active();
      res.json({
        items: rows.map((r) => ({
          ip: r.ip,
          reason: r.reason,
          blocked_until: r.blocked_until,
          first_hit_at: r.created_at,
          last_hit_at: r.last_hit_at,
          hits: r.hits,
        })),
      });
    },
  );
  route(
    routes,
    {
      method: 'delete',
      path: '/api/admin/ip-blocks/:ip',
      summary: 'Sperre aufheben (auf allen Instanzen binnen 30 Sekunden)',
      tags,
      access: 'admin',
      params: IpParam,
      responses: { 204: { description: 'Aufgehoben' }, 404: { description: 'Keine Sperre für diese Adresse' } },
    },
    async ({ params, actor }, _req, res) => {
      if (!(await ctx.blocklist.lift(params.ip, actor))) throw notFound('Für diese Adresse gibt es keine Sperre.');
      res.status(204).end();
    },
  );
}
