import type { AppContext } from '#core/context.js';
import { PageQuery, pageSchema } from '#core/http/route/pagination.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import {
  AdminUpgradeListQuery,
  AdminUpgradeRequest,
  CreateUpgradeRequestBody,
  FulfilUpgradeBody,
  OpenCount,
  RejectUpgradeBody,
  UpgradeRequest,
} from './upgrades.schemas.js';
import { adminList, fulfilRequest, openCount, ownRequests, rejectRequest, submitRequest, withdrawRequest } from './upgrades.service.js';

const tags = ['Upgrade-Anfragen'];
const closed = { 404: { description: 'Anfrage gibt es nicht' }, 409: { description: 'Anfrage ist schon abgeschlossen' } };

export function upgradesRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'admin' });
  api.post('/api/upgrade-requests', 'Upgrade anfragen (Pro oder Züchter)', {
    access: 'user',
    body: CreateUpgradeRequestBody,
    responses: { 201: ['Angefragt', UpgradeRequest], 409: 'Schon eine offene Anfrage, oder Tarif schon aktiv', 422: 'Nachricht zu lang' },
    run: ({ actor, body }) => submitRequest(ctx, actor, body),
  });

  api.get('/api/upgrade-requests', 'Die eigenen Upgrade-Anfragen', {
    access: 'user',
    query: PageQuery,
    responses: { 200: ['Liste', pageSchema(UpgradeRequest)] },
    run: ({ actor, query }) => ownRequests(ctx, actor, query),
  });

  api.delete('/api/upgrade-requests/:id', 'Eigene offene Anfrage zurückziehen', {
    access: 'user',
    responses: { 200: ['Zurückgezogen', UpgradeRequest], 403: 'Nicht deine Anfrage', ...closed },
    run: ({ actor, params }) => withdrawRequest(ctx, actor, params.id),
  });

  api.get('/api/admin/upgrade-requests', 'Upgrade-Anfragen (neueste zuerst, optional nach Status)', {
    query: AdminUpgradeListQuery,
    responses: { 200: ['Liste', pageSchema(AdminUpgradeRequest)] },
    run: ({ query }) => adminList(ctx, query),
  });

  api.get('/api/admin/upgrade-requests/open-count', 'To-do-Zähler: offene Anfragen von Konten, die es noch gibt', {
    responses: { 200: ['Anzahl', OpenCount] },
    run: (_input) => openCount(ctx),
  });

  api.post('/api/admin/upgrade-requests/:id/fulfill', 'Anfrage erfüllen: setzt subscription_tier und is_premium', {
    body: FulfilUpgradeBody,
    responses: { 200: ['Erfüllt', UpgradeRequest], ...closed },
    run: ({ actor, params, body }) => fulfilRequest(ctx, actor, params.id, body.tier),
  });

  api.post('/api/admin/upgrade-requests/:id/reject', 'Anfrage ablehnen (optional mit Begründung, die per Mail an die Person geht)', {
    body: RejectUpgradeBody,
    responses: { 200: ['Abgelehnt', UpgradeRequest], ...closed, 422: 'Begründung zu lang' },
    run: ({ actor, params, body }) => rejectRequest(ctx, actor, params.id, body.reason),
  });
}
