import type { AppContext } from '#core/context.js';
import type { ExportSection } from '#core/export/index.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { Place, SetPlaceBody } from './place.schemas.js';
import { followHomeArea, getPlace, setPlace } from './place.service.js';

export function placeRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags: ['Konto'], access: 'user' });
  api.get('/api/me/place', 'Land und Region (aus dem Heimatgebiet oder von Hand), Währung und die laufende Brut- und Setzzeit', {
    responses: { 200: ['Der Ort', Place] },
    run: ({ actor }) => getPlace(ctx, actor),
  });
  api.put('/api/me/place', 'Land und Region von Hand setzen (ein neues Heimatgebiet ändert sie dann nicht mehr)', {
    body: SetPlaceBody,
    responses: { 200: ['Der Ort', Place], 422: 'Region passt nicht zum Land' },
    run: ({ actor, body }) => setPlace(ctx, actor, body),
  });
  api.delete('/api/me/place', 'Wieder dem Heimatgebiet folgen', {
    responses: { 200: ['Der Ort', Place] },
    run: ({ actor }) => followHomeArea(ctx, actor),
  });
}

/** `daten/ort.json`: the place as the app shows it. */
export const placeExport: ExportSection = async (ctx, actor, out) => {
  out.json('daten', 'ort.json', await getPlace(ctx, actor));
};
