import type { AppContext } from '../../../core/context.js';
import { PageQuery, pageSchema } from '../../../core/http/pagination.js';
import { route, type Routes } from '../../../core/http/route.js';
import { IdParam } from '../../../core/http/schema-kit.js';
import { grantFounder, PLACES_TAKEN_MESSAGE } from './founder.service.js';
import { codeInfo, createCode, founderPlaces, listCodesPage, removeCode } from './partner-codes.service.js';
import {
  CodeParam,
  CreatePartnerCodeBody,
  DeletedPartnerCode,
  FounderGrantBody,
  FounderPlaces,
  FounderStatus,
  PartnerCode,
  PartnerCodeInfo,
} from './partner.schemas.js';

const tags = ['Partner und Gründer'];

export function partnerRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'get',
      path: '/api/admin/partner/codes',
      summary: 'Partner-Codes mit Zähler',
      tags,
      access: 'admin',
      query: PageQuery,
      responses: { 200: { description: 'Liste', schema: pageSchema(PartnerCode) } },
    },
    async ({ query }, _req, res) => {
      res.json(await listCodesPage(ctx, query));
    },
  );

  route(
    routes,
    {
      method: 'post',
      path: '/api/admin/partner/codes',
      summary: 'Partner-Code anlegen',
      tags,
      access: 'admin',
      body: CreatePartnerCodeBody,
      responses: { 201: { description: 'Angelegt', schema: PartnerCode }, 409: { description: 'Code gibt es schon' }, 422: { description: 'Feld zu lang' } },
    },
    async ({ actor, body }, _req, res) => {
      res.status(201).json(await createCode(ctx, actor, body));
    },
  );

  route(
    routes,
    {
      method: 'delete',
      path: '/api/admin/partner/codes/:code',
      summary: 'Partner-Code löschen (über den Code selbst); vergebene Lizenzen bleiben',
      tags,
      access: 'admin',
      params: CodeParam,
      responses: { 200: { description: 'Gelöscht', schema: DeletedPartnerCode }, 404: { description: 'Code gibt es nicht' } },
    },
    async ({ params }, _req, res) => {
      res.json(await removeCode(ctx, params.code));
    },
  );

  route(
    routes,
    {
      method: 'post',
      path: '/api/admin/partner/users/:id/grant',
      summary: 'Gründerlizenz vergeben (sofort oder mit dem ersten Hund)',
      tags,
      access: 'admin',
      params: IdParam,
      body: FounderGrantBody,
      responses: {
        200: { description: 'Neuer Gründer-Status', schema: FounderStatus },
        404: { description: 'Konto gibt es nicht' },
        409: { description: `Schon Gründer, oder: „${PLACES_TAKEN_MESSAGE}“` },
      },
    },
    async ({ params, body }, _req, res) => {
      res.json(await grantFounder(ctx, params.id, body.mode));
    },
  );

  route(
    routes,
    {
      method: 'get',
      path: '/api/admin/partner/founder-places',
      summary: 'Gründerplätze: vergeben und frei',
      tags,
      access: 'admin',
      responses: { 200: { description: 'Plätze', schema: FounderPlaces } },
    },
    async (_input, _req, res) => {
      res.json(await founderPlaces(ctx));
    },
  );

  route(
    routes,
    {
      method: 'get',
      path: '/api/partner/codes/:code/info',
      summary: 'Live-Prüfung eines Partner-Codes im Registrierungsformular',
      tags,
      access: 'public',
      params: CodeParam,
      before: [ctx.limits.partnerCodeInfo],
      responses: { 200: { description: 'Gültigkeit (nie Zählerstände)', schema: PartnerCodeInfo }, 429: { description: 'Zu viele Anfragen' } },
    },
    async ({ params }, _req, res) => {
      res.json(await codeInfo(ctx, params.code));
    },
  );
}
