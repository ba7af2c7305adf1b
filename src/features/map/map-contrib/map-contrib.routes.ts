import type { AppContext } from '#core/context.js';
import { route, type Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { ContributeBody, ContributionAnswer, ContributionsPage, ContributionsQuery } from './map-contrib.schemas.js';
import { contributeDogWelcome, listContributions } from './map-contrib.service.js';

const tags = ['Karte'];

export function mapContribRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'post',
      path: '/api/map-contrib/dog-friendly',
      summary: '„Hunde willkommen“ für einen Ort auf OpenStreetMap melden (einmal je Ort; wird als dog=yes eingetragen)',
      tags,
      access: 'user',
      before: [ctx.limits.mapContribution],
      body: ContributeBody,
      responses: {
        201: {
          description:
            'Gemeldet (pending); das Hochladen läuft gleich danach. War OpenStreetMap nicht erreichbar: gespeichert mit venue_checked false und notice, der Ort wird nachts geprüft',
          schema: ContributionAnswer,
        },
        200: { description: 'Schon gemeldet: dieselbe Meldung', schema: ContributionAnswer },
        404: { description: 'Den Ort gibt es auf OpenStreetMap nicht (mehr)' },
        422: { description: 'Für diese Art Ort nicht vorgesehen' },
        503: { description: 'OpenStreetMap gerade nicht erreichbar und keine venue_kind angegeben (nichts gespeichert)' },
      },
    },
    async ({ body, actor }, _req, res) => {
      const { created, contribution } = await contributeDogWelcome(ctx, actor, body);
      res.status(created ? 201 : 200).json(contribution);
    },
  );
  const api = routeGroup(routes, { tags, access: 'user' });
  api.get('/api/map-contrib', 'Deine Meldungen, neueste zuerst, mit Zählern und dem Weg zum nächsten geschenkten Pro-Jahr', {
    query: ContributionsQuery,
    responses: { 200: ['Meldungen', ContributionsPage] },
    run: ({ query, actor }) => listContributions(ctx, actor, query),
  });
}
