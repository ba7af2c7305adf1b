import type { AppContext } from '../../core/context.js';
import { geoKindRoutes } from '../../core/geo-items/index.js';
import { route, type Routes } from '../../core/http/route.js';
import { IdParam } from '../../core/http/schema-kit.js';
import { z } from 'zod';
import { adoptions, events, services, sitting } from './listings.js';
import { join, leave, ParticipantBody, PlaydateDetail, playdates } from './playdates.js';
import { matches, MatchQuery, walkSlots } from './walk-slots.js';

/** Playdates (with participants), walk slots (with matches), adoption listings, events, sitting and services. */
export function moreNearbyRoutes(ctx: AppContext, routes: Routes): void {
  geoKindRoutes(ctx, routes, playdates);
  route(
    routes,
    {
      method: 'post',
      path: '/api/playdates/:id/participants',
      summary: 'Mit einem eigenen Hund zusagen (Läufigkeit teilen nur, wenn du willst)',
      tags: [playdates.tag],
      access: 'user',
      params: IdParam,
      body: ParticipantBody,
      responses: {
        200: { description: 'Zugesagt', schema: PlaydateDetail },
        403: { description: 'Fremder Hund' },
        404: { description: 'Gibt es nicht' },
        409: { description: 'Voll oder vorbei' },
      },
    },
    async ({ params, body, actor }, _req, res) => {
      res.json(await join(ctx, actor, params.id, body));
    },
  );
  route(
    routes,
    {
      method: 'delete',
      path: '/api/playdates/:id/participants',
      summary: 'Zusage für einen eigenen Hund zurückziehen',
      tags: [playdates.tag],
      access: 'user',
      params: IdParam,
      body: z.strictObject({ dog_id: z.number().int().min(1) }),
      responses: { 204: { description: 'Zurückgezogen' }, 403: { description: 'Fremder Hund' }, 404: { description: 'Gibt es nicht' } },
    },
    async ({ params, body, actor }, _req, res) => {
      await leave(ctx, actor, params.id, body.dog_id);
      res.status(204).end();
    },
  );
  geoKindRoutes(ctx, routes, walkSlots);
  route(
    routes,
    {
      method: 'get',
      path: '/api/walk-slots/:id/matches',
      summary: 'Wer geht wann und wo: Gassizeiten anderer am selben Wochentag, zeitlich überlappend, in der Nähe',
      tags: [walkSlots.tag],
      access: 'user',
      params: IdParam,
      query: MatchQuery,
      responses: {
        200: { description: 'Passende Gassizeiten', schema: z.object({ items: z.array(walkSlots.item.extend({ distance_km: z.number() })) }) },
        404: { description: 'Gibt es nicht' },
      },
    },
    async ({ params, query, actor }, _req, res) => {
      res.json(await matches(ctx, actor, params.id, query.radius_km));
    },
  );
  for (const kind of [adoptions, events, sitting, services]) geoKindRoutes(ctx, routes, kind);
}
