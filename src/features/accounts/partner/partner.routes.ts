import type { AppContext } from '#core/context.js';
import { PageQuery, pageSchema } from '#core/http/route/pagination.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
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
  const api = routeGroup(routes, { tags, access: 'admin' });
  api.get('/api/admin/partner/codes', 'Partner-Codes mit Zähler', {
    query: PageQuery,
    responses: { 200: ['Liste', pageSchema(PartnerCode)] },
    run: ({ query }) => listCodesPage(ctx, query),
  });

  api.post('/api/admin/partner/codes', 'Partner-Code anlegen', {
    body: CreatePartnerCodeBody,
    responses: { 201: ['Angelegt', PartnerCode], 409: 'Code gibt es schon', 422: 'Feld zu lang' },
    run: ({ actor, body }) => createCode(ctx, actor, body),
  });

  api.delete('/api/admin/partner/codes/:code', 'Partner-Code löschen (über den Code selbst); vergebene Lizenzen bleiben', {
    params: CodeParam,
    responses: { 200: ['Gelöscht', DeletedPartnerCode], 404: 'Code gibt es nicht' },
    run: ({ params }) => removeCode(ctx, params.code),
  });

  api.post('/api/admin/partner/users/:id/grant', 'Gründerlizenz vergeben (sofort oder mit dem ersten Hund)', {
    body: FounderGrantBody,
    responses: { 200: ['Neuer Gründer-Status', FounderStatus], 404: 'Konto gibt es nicht', 409: `Schon Gründer, oder: „${PLACES_TAKEN_MESSAGE}“` },
    run: ({ params, body }) => grantFounder(ctx, params.id, body.mode),
  });

  api.get('/api/admin/partner/founder-places', 'Gründerplätze: vergeben und frei', {
    responses: { 200: ['Plätze', FounderPlaces] },
    run: (_input) => founderPlaces(ctx),
  });

  api.get('/api/partner/codes/:code/info', 'Live-Prüfung eines Partner-Codes im Registrierungsformular', {
    access: 'public',
    params: CodeParam,
    before: [ctx.limits.partnerCodeInfo],
    responses: { 200: ['Gültigkeit (nie Zählerstände)', PartnerCodeInfo], 429: 'Zu viele Anfragen' },
    run: ({ params }) => codeInfo(ctx, params.code),
  });
}
