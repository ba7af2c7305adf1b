import type { AppContext } from '../../../core/context.js';
import { PageQuery } from '../../../core/http/pagination.js';
import { route, type Routes } from '../../../core/http/route.js';
import { IdParam } from '../../../core/http/schema-kit.js';
import { CreateHelpArticleBody, HelpArticle, HelpArticleList, PublicHelp, UpdateHelpArticleBody } from './help.schemas.js';
import { createHelpArticle, deleteHelpArticle, listHelpArticles, publicHelp, updateHelpArticle } from './help.service.js';

const tags = ['Hilfe'];

/** The in-app help (/app/hilfe) reads the same cached list as /help. */
export function helpPublicRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'get',
      path: '/api/help',
      summary: 'Aktive Hilfe-Artikel nach Kategorie (Reihenfolge wie /help)',
      tags,
      access: 'public',
      responses: { 200: { description: 'Kategorien mit ihren Artikeln', schema: PublicHelp } },
    },
    async (_input, _req, res) => {
      res.json(await publicHelp(ctx));
    },
  );
}

export function helpAdminRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'get',
      path: '/api/admin/help-articles',
      summary: 'Alle Hilfe-Artikel (auch inaktive)',
      tags,
      access: 'admin',
      query: PageQuery,
      responses: { 200: { description: 'Artikel', schema: HelpArticleList } },
    },
    async ({ query }, _req, res) => {
      res.json(await listHelpArticles(ctx, query));
    },
  );

  route(
    routes,
    {
      method: 'post',
      path: '/api/admin/help-articles',
      summary: 'Hilfe-Artikel anlegen',
      tags,
      access: 'admin',
      body: CreateHelpArticleBody,
      responses: { 201: { description: 'Angelegt', schema: HelpArticle }, 422: { description: 'Feld zu lang' } },
    },
    async ({ body }, _req, res) => {
      res.status(201).json(await createHelpArticle(ctx, body));
    },
  );

  route(
    routes,
    {
      method: 'patch',
      path: '/api/admin/help-articles/:id',
      summary: 'Hilfe-Artikel ändern; active: 0 nimmt ihn von der Hilfe-Seite',
      tags,
      access: 'admin',
      params: IdParam,
      body: UpdateHelpArticleBody,
      responses: { 200: { description: 'Geändert', schema: HelpArticle }, 404: { description: 'Unbekannt' }, 422: { description: 'Feld zu lang' } },
    },
    async ({ params, body }, _req, res) => {
      res.json(await updateHelpArticle(ctx, params.id, body));
    },
  );

  route(
    routes,
    {
      method: 'delete',
      path: '/api/admin/help-articles/:id',
      summary: 'Hilfe-Artikel endgültig löschen',
      tags,
      access: 'admin',
      params: IdParam,
      responses: { 204: { description: 'Gelöscht' }, 404: { description: 'Unbekannt' } },
    },
    async ({ params }, _req, res) => {
      await deleteHelpArticle(ctx, params.id);
      res.status(204).end();
    },
  );
}
