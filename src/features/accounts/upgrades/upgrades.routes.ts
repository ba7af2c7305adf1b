import type { AppContext } from '../../../core/context.js';
import { PageQuery, pageSchema } from '../../../core/http/pagination.js';
import { route, type Routes } from '../../../core/http/route.js';
import { IdParam } from '../../../core/http/schema-kit.js';
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
  route(
    routes,
    {
      method: 'post',
      path: '/api/upgrade-requests',
      summary: 'Upgrade anfragen (Pro oder Züchter)',
      tags,
      access: 'user',
      body: CreateUpgradeRequestBody,
      responses: {
        201: { description: 'Angefragt', schema: UpgradeRequest },
        409: { description: 'Schon eine offene Anfrage, oder Tarif schon aktiv' },
        422: { description: 'Nachricht zu lang' },
      },
    },
    async ({ actor, body }, _req, res) => {
      res.status(201).json(await submitRequest(ctx, actor, body));
    },
  );

  route(
    routes,
    {
      method: 'get',
      path: '/api/upgrade-requests',
      summary: 'Die eigenen Upgrade-Anfragen',
      tags,
      access: 'user',
      query: PageQuery,
      responses: { 200: { description: 'Liste', schema: pageSchema(UpgradeRequest) } },
    },
    async ({ actor, query }, _req, res) => {
      res.json(await ownRequests(ctx, actor, query));
    },
  );

  route(
    routes,
    {
      method: 'delete',
      path: '/api/upgrade-requests/:id',
      summary: 'Eigene offene Anfrage zurückziehen',
      tags,
      access: 'user',
      params: IdParam,
      responses: { 200: { description: 'Zurückgezogen', schema: UpgradeRequest }, 403: { description: 'Nicht deine Anfrage' }, ...closed },
    },
    async ({ actor, params }, _req, res) => {
      res.json(await withdrawRequest(ctx, actor, params.id));
    },
  );

  route(
    routes,
    {
      method: 'get',
      path: '/api/admin/upgrade-requests',
      summary: 'Upgrade-Anfragen (neueste zuerst, optional nach Status)',
      tags,
      access: 'admin',
      query: AdminUpgradeListQuery,
      responses: { 200: { description: 'Liste', schema: pageSchema(AdminUpgradeRequest) } },
    },
    async ({ query }, _req, res) => {
      res.json(await adminList(ctx, query));
    },
  );

  route(
    routes,
    {
      method: 'get',
      path: '/api/admin/upgrade-requests/open-count',
      summary: 'To-do-Zähler: offene Anfragen von Konten, die es noch gibt',
      tags,
      access: 'admin',
      responses: { 200: { description: 'Anzahl', schema: OpenCount } },
    },
    async (_input, _req, res) => {
      res.json(await openCount(ctx));
    },
  );

  route(
    routes,
    {
      method: 'post',
      path: '/api/admin/upgrade-requests/:id/fulfill',
      summary: 'Anfrage erfüllen: setzt subscription_tier und is_premium',
      tags,
      access: 'admin',
      params: IdParam,
      body: FulfilUpgradeBody,
      responses: { 200: { description: 'Erfüllt', schema: UpgradeRequest }, ...closed },
    },
    async ({ actor, params, body }, _req, res) => {
      res.json(await fulfilRequest(ctx, actor, params.id, body.tier));
    },
  );

  route(
    routes,
    {
      method: 'post',
      path: '/api/admin/upgrade-requests/:id/reject',
      summary: 'Anfrage ablehnen (optional mit Begründung, die per Mail an die Person geht)',
      tags,
      access: 'admin',
      params: IdParam,
      body: RejectUpgradeBody,
      responses: { 200: { description: 'Abgelehnt', schema: UpgradeRequest }, ...closed, 422: { description: 'Begründung zu lang' } },
    },
    async ({ actor, params, body }, _req, res) => {
      res.json(await rejectRequest(ctx, actor, params.id, body.reason));
    },
  );
}
