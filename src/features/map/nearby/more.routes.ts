import type { AppContext } from '../../../core/context.js';
import { route, type Routes } from '../../../core/http/route.js';
import { IdParam } from '../../../core/http/schema-kit.js';
import { z } from 'zod';
import { join, leave, ParticipantBody, PlaydateDetail, playdates } from './playdates.js';
import { matches, MatchQuery, walkSlots } from './walk-slots.js';

/** The kinds' extra routes: playdate participants and walk-slot matches (the kinds' own routes: nearby.routes.ts). */
export function moreNearbyRoutes(ctx: AppContext, routes: Routes): void {
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
}
