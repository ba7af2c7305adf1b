import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { PageQuery, pageSchema } from '#core/http/route/pagination.js';
import { route, type Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { IdParam } from '#core/http/route/schema-kit.js';
import { invoiceViewModel } from './invoice-print.js';
import { CancelInvoiceBody, CreateInvoiceBody, Invoice, InvoiceListQuery, InvoiceSummary } from './invoices.schemas.js';
import { cancelInvoice, createInvoice, getInvoice, getOwnInvoice, listPage, ownInvoices } from './invoices.service.js';

const tags = ['Rechnungen'];
const missing = { 404: { description: 'Rechnung gibt es nicht' } };
const html = { description: 'Druckbare HTML-Seite (A4; im Browser drucken oder als PDF speichern)', schema: z.string(), contentType: 'text/html' };

export function invoicesRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'admin' });
  api.get('/api/admin/invoices', 'Rechnungen und Stornorechnungen (neueste zuerst, optional eines Kontos)', {
    query: InvoiceListQuery,
    responses: { 200: ['Liste', pageSchema(InvoiceSummary)] },
    run: ({ query }) => listPage(ctx, query),
  });

  api.post('/api/admin/invoices', 'Rechnung ausstellen (Nummer RG-…, fortlaufend ohne Lücken; Bruttopreise)', {
    body: CreateInvoiceBody,
    responses: { 201: ['Ausgestellt', Invoice], 404: 'Konto gibt es nicht', 409: 'Absenderadresse fehlt (INVOICE_ISSUER_ADDRESS)', 422: 'Feld zu lang' },
    run: ({ actor, body }) => createInvoice(ctx, actor, body),
  });

  api.get('/api/admin/invoices/:id', 'Eine Rechnung mit Positionen', {
    responses: { 200: ['Rechnung', Invoice], ...missing },
    run: ({ params }) => getInvoice(ctx, params.id),
  });

  route(
    routes,
    {
      method: 'get',
      path: '/api/admin/invoices/:id/print',
      params: IdParam,
      summary: 'Druckansicht einer Rechnung',
      tags,
      access: 'admin',
      responses: { 200: html, ...missing },
    },
    async ({ params }, _req, res) => {
      res.render('invoice', invoiceViewModel(await getInvoice(ctx, params.id)));
    },
  );

  api.post('/api/admin/invoices/:id/cancel', 'Rechnung stornieren: erzeugt die Stornorechnung ST-… mit Verweis auf das Original', {
    body: CancelInvoiceBody,
    responses: { 201: ['Stornorechnung', Invoice], ...missing, 409: 'Schon storniert, oder selbst eine Stornorechnung' },
    run: ({ actor, params, body }) => cancelInvoice(ctx, actor, params.id, body.reason),
  });

  // decisions (Safety alerts, appointments, blocks and reports): the owner's invoices live under /api/me; the older
  // /api/invoices paths below stay for clients that know them.
  api.get('/api/me/invoices', 'Deine Rechnungen und Stornorechnungen, neueste zuerst (seitenweise)', {
    access: 'user',
    query: PageQuery,
    responses: { 200: ['Eine Seite Rechnungen', pageSchema(InvoiceSummary).meta({ id: 'OwnInvoicePage' })] },
    run: ({ actor, query }) => ownInvoices(ctx, actor, query),
  });

  api.get('/api/me/invoices/:id', 'Eine deiner Rechnungen mit Positionen', {
    access: 'user',
    responses: { 200: ['Rechnung', Invoice], 403: 'Nicht deine Rechnung', ...missing },
    run: ({ actor, params }) => getOwnInvoice(ctx, actor, params.id),
  });

  ownInvoicePrint(
    '/api/me/invoices/:id/print',
    'Eine deiner Rechnungen als Dokument (dieselbe Druckansicht, die der Admin sieht; im Browser als PDF speichern)',
  );

  api.get('/api/invoices', 'Die eigenen Rechnungen', {
    access: 'user',
    query: PageQuery,
    responses: { 200: ['Liste', pageSchema(InvoiceSummary)] },
    run: ({ actor, query }) => ownInvoices(ctx, actor, query),
  });

  ownInvoicePrint('/api/invoices/:id/print', 'Druckansicht einer eigenen Rechnung');

  /** The owner's print view of an invoice, under its two paths. */
  function ownInvoicePrint(path: string, summary: string): void {
    route(
      routes,
      {
        method: 'get',
        path,
        summary,
        tags,
        access: 'user',
        params: IdParam,
        responses: { 200: html, 403: { description: 'Nicht deine Rechnung' }, ...missing },
      },
      async ({ actor, params }, _req, res) => {
        res.render('invoice', invoiceViewModel(await getOwnInvoice(ctx, actor, params.id)));
      },
    );
  }
}
