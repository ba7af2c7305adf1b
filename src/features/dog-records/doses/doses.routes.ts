import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { DoseBody, DoseList, DoseTicked } from './doses.schemas.js';
import { listDoses, medicationAccess, removeDose, tickDose } from './doses.service.js';

const tags = ['Gesundheit'];
const refused = { 403: 'Kein Zugriff auf dieses Medikament', 404: 'Medikament oder Gabe gibt es nicht' };

/** Doses of a medication (decisions: Doses and parasite plan): owner and caregivers tick off and list. */
export function dosesRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'user' });
  api.post('/api/medications/:medicationId/doses', 'Eine Gabe abhaken (zählt den Vorrat herunter)', {
    authorize: ({ params, actor }) => medicationAccess(ctx, actor, params.medicationId, 'write'),
    body: DoseBody,
    responses: { 201: ['Abgehakt, mit neuem Vorrat', DoseTicked], ...refused, 422: 'Zeitpunkt in der Zukunft' },
    run: ({ params, body, actor }) => tickDose(ctx, actor, params.medicationId, body),
  });
  api.get('/api/medications/:medicationId/doses', 'Die Gaben eines Medikaments, neueste zuerst', {
    responses: { 200: ['Die Gaben', DoseList], ...refused },
    run: ({ params, actor }) => listDoses(ctx, actor, params.medicationId),
  });
  api.delete('/api/doses/:doseId', 'Eine Gabe zurücknehmen (wer sie abgehakt hat oder der Besitzer)', {
    responses: { 204: 'Zurückgenommen, Vorrat wieder eins mehr', ...refused },
    run: ({ params, actor }) => removeDose(ctx, actor, params.doseId),
  });
}
