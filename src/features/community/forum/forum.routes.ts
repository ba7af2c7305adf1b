import { z } from 'zod';
import type { AppContext } from '../../../core/context.js';
import { pageSchema } from '../../../core/http/pagination.js';
import { route, type Routes } from '../../../core/http/route.js';
import { IdParam } from '../../../core/http/schema-kit.js';
import {
  CategoryList,
  CreateThreadBody,
  LockBody,
  Post,
  PostBody,
  ReportBody,
  ReportList,
  ResolveBody,
  ThreadDetail,
  ThreadSummary,
  ThreadsQuery,
} from './forum.schemas.js';
import { edit, listCategories, openThread, remove, reply, report, thread, threads } from './forum.service.js';
import { lock, reportQueue, resolve } from './moderation.service.js';

const tags = ['Forum'];
const refused = { 403: { description: 'Nicht dein Beitrag oder E-Mail nicht bestätigt' }, 404: { description: 'Gibt es nicht' } };

export function forumRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'get',
      path: '/api/forum/categories',
      summary: 'Forum-Kategorien',
      tags,
      access: 'user',
      responses: { 200: { description: 'Kategorien', schema: CategoryList } },
    },
    async (_input, _req, res) => {
      res.json(await listCategories(ctx));
    },
  );
  route(
    routes,
    {
      method: 'get',
      path: '/api/forum/threads',
      summary: 'Themen einer Kategorie, zuletzt aktive zuerst',
      tags,
      access: 'user',
      query: ThreadsQuery,
      responses: { 200: { description: 'Themen', schema: pageSchema(ThreadSummary) }, 404: refused[404] },
    },
    async ({ query, actor }, _req, res) => {
      res.json(await threads(ctx, actor, query));
    },
  );
  route(
    routes,
    {
      method: 'post',
      path: '/api/forum/threads',
      summary: 'Neues Thema (bestätigte E-Mail nötig)',
      tags,
      access: 'user',
      body: CreateThreadBody,
      before: [ctx.limits.forumPost],
      responses: { 201: { description: 'Angelegt', schema: ThreadDetail }, ...refused, 422: { description: 'Titel oder Text zu lang' } },
    },
    async ({ body, actor }, _req, res) => {
      res.status(201).json(await openThread(ctx, actor, body));
    },
  );
  route(
    routes,
    {
      method: 'get',
      path: '/api/forum/threads/:id',
      summary: 'Ein Thema mit seinen Beiträgen',
      tags,
      access: 'user',
      params: IdParam,
      responses: { 200: { description: 'Thema', schema: ThreadDetail }, 404: refused[404] },
    },
    async ({ params, actor }, _req, res) => {
      res.json(await thread(ctx, actor, params.id));
    },
  );
  route(
    routes,
    {
      method: 'post',
      path: '/api/forum/threads/:id/posts',
      summary: 'Antworten (nicht in geschlossenen Themen: 409)',
      tags,
      access: 'user',
      params: IdParam,
      body: PostBody,
      before: [ctx.limits.forumPost],
      responses: { 201: { description: 'Angelegt', schema: Post }, ...refused, 409: { description: 'Thema geschlossen' }, 422: { description: 'Zu lang' } },
    },
    async ({ params, body, actor }, _req, res) => {
      res.status(201).json(await reply(ctx, actor, params.id, body.body));
    },
  );
  route(
    routes,
    {
      method: 'patch',
      path: '/api/forum/posts/:id',
      summary: 'Eigenen Beitrag bearbeiten',
      tags,
      access: 'user',
      params: IdParam,
      body: PostBody,
      responses: { 200: { description: 'Geändert', schema: Post }, ...refused, 409: { description: 'Thema geschlossen' } },
    },
    async ({ params, body, actor }, _req, res) => {
      res.json(await edit(ctx, actor, params.id, body.body));
    },
  );
  route(
    routes,
    {
      method: 'delete',
      path: '/api/forum/posts/:id',
      summary: 'Beitrag löschen (Autorin/Autor oder Moderation; der erste Beitrag steht für das Thema)',
      tags,
      access: 'user',
      params: IdParam,
      responses: { 204: { description: 'Gelöscht' }, ...refused, 409: { description: 'Thema hat schon Antworten' } },
    },
    async ({ params, actor }, _req, res) => {
      await remove(ctx, actor, params.id);
      res.status(204).end();
    },
  );
  route(
    routes,
    {
      method: 'post',
      path: '/api/forum/posts/:id/report',
      summary: 'Beitrag melden',
      tags,
      access: 'user',
      params: IdParam,
      body: ReportBody,
      responses: { 204: { description: 'Gemeldet' }, ...refused },
    },
    async ({ params, body, actor }, _req, res) => {
      await report(ctx, actor, params.id, body.reason);
      res.status(204).end();
    },
  );
  route(
    routes,
    {
      method: 'get',
      path: '/api/moderation/reports',
      summary: 'Offene Meldungen, älteste zuerst',
      tags,
      access: 'staff',
      responses: { 200: { description: 'Meldungen', schema: ReportList } },
    },
    async ({ actor }, _req, res) => {
      res.json(await reportQueue(ctx, actor));
    },
  );
  route(
    routes,
    {
      method: 'post',
      path: '/api/moderation/reports/:id/resolve',
      summary: 'Meldung erledigen: verwerfen, ausblenden oder löschen',
      tags,
      access: 'staff',
      params: IdParam,
      body: ResolveBody,
      responses: { 204: { description: 'Erledigt' }, 404: refused[404] },
    },
    async ({ params, body, actor }, _req, res) => {
      await resolve(ctx, actor, params.id, body.action);
      res.status(204).end();
    },
  );
  route(
    routes,
    {
      method: 'post',
      path: '/api/moderation/threads/:id/lock',
      summary: 'Thema schließen (oder mit locked: false wieder öffnen)',
      tags,
      access: 'staff',
      params: IdParam,
      body: LockBody,
      responses: { 200: { description: 'Stand', schema: z.object({ locked: z.boolean() }) }, 404: refused[404] },
    },
    async ({ params, body, actor }, _req, res) => {
      res.json(await lock(ctx, actor, params.id, body.locked));
    },
  );
}
