import { requireVerifiedEmail } from '../../../core/auth/guards.js';
import type { AppContext } from '../../../core/context.js';
import { geoKindRoutes } from '../../../core/geo-items/index.js';
import { route, type Routes } from '../../../core/http/route.js';
import { IdParam } from '../../../core/http/schema-kit.js';
import { GEO_KINDS } from './geo-kinds.js';
import { lostPosterPages } from './lost-poster.page.js';
import { confirmWarning, markFalseAlarm, poisonWarnings } from './poison.js';
import { mapModerationRoutes } from './map-moderation.js';
import { moreNearbyRoutes } from './more.routes.js';

export function nearbyRoutes(ctx: AppContext, routes: Routes): void {
  // Every geo-listed kind's list, CRUD, photo and report routes, from the one list the moderation queue reads too.
  for (const kind of GEO_KINDS) geoKindRoutes(ctx, routes, kind);
  route(
    routes,
    {
      method: 'post',
      path: '/api/poison-warnings/:id/confirm',
      summary: 'Warnung bestätigen (drei andere Personen oder die Moderation machen sie „bestätigt“)',
      tags: [poisonWarnings.tag],
      access: 'user',
      params: IdParam,
      responses: {
        200: { description: 'Bestätigt', schema: poisonWarnings.item },
        403: { description: 'E-Mail nicht bestätigt' },
        404: { description: 'Warnung gibt es nicht' },
        409: { description: 'Eigene Meldung oder nicht mehr aktiv' },
      },
    },
    async ({ params, actor }, _req, res) => {
      requireVerifiedEmail(actor);
      res.json(await confirmWarning(ctx, actor, params.id));
    },
  );
  route(
    routes,
    {
      method: 'post',
      path: '/api/poison-warnings/:id/false-alarm',
      summary: 'Als Fehlalarm markieren (Moderation)',
      tags: [poisonWarnings.tag],
      access: 'staff',
      params: IdParam,
      responses: { 200: { description: 'Fehlalarm', schema: poisonWarnings.item }, 404: { description: 'Warnung gibt es nicht' } },
    },
    async ({ params, actor }, _req, res) => {
      res.json(await markFalseAlarm(ctx, actor, params.id));
    },
  );
  moreNearbyRoutes(ctx, routes);
  mapModerationRoutes(ctx, routes);
  lostPosterPages(ctx, routes);
}
