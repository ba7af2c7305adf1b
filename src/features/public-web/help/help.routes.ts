import type { AppContext } from '#core/context.js';
import { PageQuery } from '#core/http/route/pagination.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { z } from 'zod';
import { CreateHelpArticleBody, HelpArticle, HelpArticleList, OrderHelpArticlesBody, PublicHelp, UpdateHelpArticleBody } from './help.schemas.js';
import { createHelpArticle, deleteHelpArticle, listHelpArticles, orderHelpArticles, publicHelp, updateHelpArticle } from './help.service.js';

const tags = ['Hilfe'];

/** The in-app help (/app/hilfe) reads the same cached list as /help. */
export function helpPublicRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'public' });
  api.get('/api/help', 'Aktive Hilfe-Artikel nach Kategorie (Reihenfolge wie /help)', {
    responses: { 200: ['Kategorien mit ihren Artikeln', PublicHelp] },
    run: (_input) => publicHelp(ctx),
  });
}

export function helpAdminRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'admin' });
  api.get('/api/admin/help-articles', 'Alle Hilfe-Artikel (auch inaktive)', {
    query: PageQuery,
    responses: { 200: ['Artikel', HelpArticleList] },
    run: ({ query }) => listHelpArticles(ctx, query),
  });

  api.post('/api/admin/help-articles', 'Hilfe-Artikel anlegen', {
    body: CreateHelpArticleBody,
    responses: { 201: ['Angelegt', HelpArticle], 422: 'Feld zu lang' },
    run: ({ body }) => createHelpArticle(ctx, body),
  });

  api.put('/api/admin/help-articles/order', 'Reihenfolge der Artikel einer Kategorie festlegen (alle ihre Artikel, in der neuen Reihenfolge)', {
    body: OrderHelpArticlesBody,
    responses: {
      200: ['Neue Reihenfolge', z.object({ category: z.string(), ids: z.array(z.number().int()) }).meta({ id: 'HelpArticleOrder' })],
      409: 'Die Artikel der Kategorie haben sich inzwischen geändert',
    },
    run: ({ body }) => orderHelpArticles(ctx, body),
  });

  api.patch('/api/admin/help-articles/:id', 'Hilfe-Artikel ändern; active: 0 nimmt ihn von der Hilfe-Seite', {
    body: UpdateHelpArticleBody,
    responses: { 200: ['Geändert', HelpArticle], 404: 'Unbekannt', 422: 'Feld zu lang' },
    run: ({ params, body }) => updateHelpArticle(ctx, params.id, body),
  });

  api.delete('/api/admin/help-articles/:id', 'Hilfe-Artikel endgültig löschen', {
    responses: { 204: 'Gelöscht', 404: 'Unbekannt' },
    run: ({ params }) => deleteHelpArticle(ctx, params.id),
  });
}
