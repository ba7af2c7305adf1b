import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { pageSchema } from '#core/http/route/pagination.js';
import type { Routes } from '#core/http/route/route.js';
import { PageQuery } from '#core/http/route/pagination.js';
import { routeGroup } from '#core/http/route/route-group.js';
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
import { edit, listCategories, openThread, ownPost, postToReport, remove, reply, report, thread, threadToAnswer, threads } from './forum.service.js';
import { lock, reportQueue, resolve } from './moderation.service.js';

const tags = ['Forum'];
const refused = { 403: { description: 'Nicht dein Beitrag oder E-Mail nicht bestätigt' }, 404: { description: 'Gibt es nicht' } };

export function forumRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'user' });
  api.get('/api/forum/categories', 'Forum-Kategorien', {
    responses: { 200: ['Kategorien', CategoryList] },
    run: (_input) => listCategories(ctx),
  });
  api.get('/api/forum/threads', 'Themen einer Kategorie, zuletzt aktive zuerst', {
    query: ThreadsQuery,
    responses: { 200: ['Themen', pageSchema(ThreadSummary)], 404: refused[404] },
    run: ({ query, actor }) => threads(ctx, actor, query),
  });
  api.post('/api/forum/threads', 'Neues Thema (bestätigte E-Mail nötig)', {
    body: CreateThreadBody,
    before: [ctx.limits.forumPost],
    responses: { 201: ['Angelegt', ThreadDetail], ...refused, 422: 'Titel oder Text zu lang' },
    run: ({ body, actor }) => openThread(ctx, actor, body),
  });
  api.get('/api/forum/threads/:id', 'Ein Thema mit seinen Beiträgen', {
    responses: { 200: ['Thema', ThreadDetail], 404: refused[404] },
    run: ({ params, actor }) => thread(ctx, actor, params.id),
  });
  api.post('/api/forum/threads/:id/posts', 'Antworten (nicht in geschlossenen Themen: 409)', {
    authorize: ({ params, actor }) => threadToAnswer(ctx, actor, params.id),
    body: PostBody,
    before: [ctx.limits.forumPost],
    responses: { 201: ['Angelegt', Post], ...refused, 409: 'Thema geschlossen', 422: 'Zu lang' },
    run: ({ params, body, actor }) => reply(ctx, actor, params.id, body.body),
  });
  api.patch('/api/forum/posts/:id', 'Eigenen Beitrag bearbeiten', {
    authorize: ({ params, actor }) => ownPost(ctx, actor, params.id),
    body: PostBody,
    responses: { 200: ['Geändert', Post], ...refused, 409: 'Thema geschlossen' },
    run: ({ params, body, actor }) => edit(ctx, actor, params.id, body.body),
  });
  api.delete('/api/forum/posts/:id', 'Beitrag löschen (Autorin/Autor oder Moderation; der erste Beitrag steht für das Thema)', {
    responses: { 204: 'Gelöscht', ...refused, 409: 'Thema hat schon Antworten' },
    run: ({ params, actor }) => remove(ctx, actor, params.id),
  });
  api.post('/api/forum/posts/:id/report', 'Beitrag melden', {
    authorize: ({ params, actor }) => postToReport(ctx, actor, params.id),
    body: ReportBody,
    responses: { 204: 'Gemeldet', ...refused },
    run: ({ params, body, actor }) => report(ctx, actor, params.id, body.reason),
  });
  api.get('/api/moderation/reports', 'Offene Meldungen, älteste zuerst, seitenweise', {
    access: 'staff',
    query: PageQuery,
    responses: { 200: ['Eine Seite Meldungen', ReportList] },
    run: ({ query, actor }) => reportQueue(ctx, actor, query),
  });
  api.post('/api/moderation/reports/:id/resolve', 'Meldung erledigen: verwerfen, ausblenden oder löschen', {
    access: 'staff',
    body: ResolveBody,
    responses: { 204: 'Erledigt', 404: refused[404] },
    run: ({ params, body, actor }) => resolve(ctx, actor, params.id, body.action),
  });
  api.post('/api/moderation/threads/:id/lock', 'Thema schließen (oder mit locked: false wieder öffnen)', {
    access: 'staff',
    body: LockBody,
    responses: { 200: ['Stand', z.object({ locked: z.boolean() })], 404: refused[404] },
    run: ({ params, body, actor }) => lock(ctx, actor, params.id, body.locked),
  });
}
