import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { SearchQuery, SearchResult, searchDiary } from './search.js';

export function diarySearchRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags: ['Tagebuch'], access: 'user' });
  api.get('/api/diary/search', 'Tagebuch durchsuchen (Titel und Text, beste Treffer zuerst)', {
    query: SearchQuery,
    responses: {
      200: ['Treffer (höchstens 50)', SearchResult],
      403: 'Fremder Hund',
      404: 'Hund gibt es nicht',
    },
    run: ({ query, actor }) => searchDiary(ctx, actor, query),
  });
}
