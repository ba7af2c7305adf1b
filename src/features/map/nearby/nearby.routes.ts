import { requireVerifiedEmail } from '#core/auth/guards.js';
import type { AppContext } from '#core/context.js';
import { geoKindRoutes } from '#core/geo-items/index.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { GEO_KINDS } from './geo-kinds.js';
import { lostPosterPages } from './lost-poster.page.js';
import { poisonWarningPages } from './poison.page.js';
import { radarPages } from './radar.page.js';
import { confirmWarning, markFalseAlarm, poisonWarnings } from './poison.js';
import { mapModerationRoutes } from './map-moderation.routes.js';
import { moreNearbyRoutes } from './more.routes.js';
import { safetyMailRoutes } from './safety-mail.routes.js';

export function nearbyRoutes(ctx: AppContext, routes: Routes): void {
  // Every geo-listed kind's list, CRUD, photo and report routes, from the one list the moderation queue reads too.
  for (const kind of GEO_KINDS) geoKindRoutes(ctx, routes, kind);
  const api = routeGroup(routes, { tags: [poisonWarnings.tag], access: 'user' });
  api.post('/api/poison-warnings/:id/confirm', 'Warnung bestätigen (drei andere Personen oder die Moderation machen sie „bestätigt“)', {
    responses: {
      200: ['Bestätigt', poisonWarnings.item],
      403: 'E-Mail nicht bestätigt',
      404: 'Warnung gibt es nicht',
      409: 'Eigene Meldung oder nicht mehr aktiv',
    },
    run: async ({ params, actor }) => {
      requireVerifiedEmail(actor);
      return await confirmWarning(ctx, actor, params.id);
    },
  });
  api.post('/api/poison-warnings/:id/false-alarm', 'Als Fehlalarm markieren (Moderation)', {
    access: 'staff',
    responses: { 200: ['Fehlalarm', poisonWarnings.item], 404: 'Warnung gibt es nicht' },
    run: ({ params, actor }) => markFalseAlarm(ctx, actor, params.id),
  });
  moreNearbyRoutes(ctx, routes);
  safetyMailRoutes(ctx, routes);
  mapModerationRoutes(ctx, routes);
  lostPosterPages(ctx, routes);
  poisonWarningPages(ctx, routes);
  radarPages(ctx, routes); // /giftkoeder-radar, /giftkoeder-radar/:slug
}
