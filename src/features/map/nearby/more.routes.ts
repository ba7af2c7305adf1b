import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { z } from 'zod';
import { findGeoItem } from '#core/geo-items/index.js';
import { join, leave, ParticipantBody, PlaydateDetail, playdates } from './playdates.js';
import { matches, MatchQuery, walkSlots } from './walk-slots.js';

/** The kinds' extra routes: playdate participants and walk-slot matches (the kinds' own routes: nearby.routes.ts). */
export function moreNearbyRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags: [playdates.tag], access: 'user' });
  api.post('/api/playdates/:id/participants', 'Mit einem eigenen Hund zusagen (Läufigkeit teilen nur, wenn du willst)', {
    // The playdate is anybody's to join; the dog in the body must be one's own (checked with the body).
    authorize: ({ params }) => findGeoItem(ctx, playdates, params.id),
    body: ParticipantBody,
    responses: { 200: ['Zugesagt', PlaydateDetail], 403: 'Fremder Hund', 404: 'Gibt es nicht', 409: 'Voll oder vorbei' },
    run: ({ params, body, actor }) => join(ctx, actor, params.id, body),
  });
  api.delete('/api/playdates/:id/participants', 'Zusage für einen eigenen Hund zurückziehen', {
    authorize: ({ params }) => findGeoItem(ctx, playdates, params.id),
    body: z.strictObject({ dog_id: z.number().int().min(1) }),
    responses: { 204: 'Zurückgezogen', 403: 'Fremder Hund', 404: 'Gibt es nicht' },
    run: ({ params, body, actor }) => leave(ctx, actor, params.id, body.dog_id),
  });
  api.get('/api/walk-slots/:id/matches', 'Wer geht wann und wo: Gassizeiten anderer am selben Wochentag, zeitlich überlappend, in der Nähe', {
    tags: [walkSlots.tag],
    query: MatchQuery,
    responses: { 200: ['Passende Gassizeiten', z.object({ items: z.array(walkSlots.item.extend({ distance_km: z.number() })) })], 404: 'Gibt es nicht' },
    run: ({ params, query, actor }) => matches(ctx, actor, params.id, query.radius_km),
  });
}
