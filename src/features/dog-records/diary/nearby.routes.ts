import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { DiaryNearbyQuery, NearbyResult, diaryNearby } from './nearby.js';

export function diaryNearbyRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags: ['Tagebuch'], access: 'user' });
  api.get('/api/diary/nearby', 'Eigene Tagebucheinträge mit Fotoposition in der Nähe, nächste zuerst (unter den 5.000 neuesten mit Ort in der Gegend)', {
    query: DiaryNearbyQuery,
    responses: { 200: ['Einträge', NearbyResult], 403: 'Fremder Hund', 404: 'Hund gibt es nicht' },
    run: ({ query, actor }) => diaryNearby(ctx, actor, query),
  });
}
