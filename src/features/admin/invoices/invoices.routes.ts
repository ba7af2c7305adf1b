import { z } from 'zod';
import type { AppContext } from '../../../core/context.js';
import { PageQuery, pageSchema } from '../../../core/http/pagination.js';
import { route, type Routes } from '../../../core/http/route.js';
import { IdParam } from '../../../core/http/schema-kit.js';
import { invoiceViewModel } from './invoice-print.js';
import { CancelInvoiceBody, CreateInvoiceBody, Invoice, InvoiceListQuery, InvoiceSummary } from './invoices.schemas.js';
import { cancelInvoice, createInvoice, getInvoice, getOwnInvoice, listPage, ownInvoices } from './invoices.service.js';

const tags = ['Rechnungen'];
const missing = { 404: { description: 'Rechnung gibt es nicht' } };
const html = { description: 'Druckbare HTML-Seite (A4; im Browser drucken oder als PDF speichern)', schema: z.string(), contentType: 'text/html' };

export function invoicesRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'get',
      path: '/api/admin/invoices',
      summary: 'Rechnungen und Stornorechnungen (neueste zuerst, optional eines Kontos)',
      tags,
      access: 'admin',
      query: InvoiceListQuery,
      responses: { 200: { description: 'Liste', schema: pageSchema(InvoiceSummary) } },
    },
    async ({ query }, _req, res) => {
      res.json(await listPage(ctx, query));
    },
  );

  route(
    routes,
    {
      method: 'post',
      path: '/api/admin/invoices',
      summary: 'Rechnung ausstellen (Nummer RG-…, fortlaufend ohne Lücken; Bruttopreise)',
      tags,
      access: 'admin',
      body: CreateInvoiceBody,
      responses: {
        201: { description: 'Ausgestellt', schema: Invoice },
        404: { description: 'Konto gibt es nicht' },
        409: { description: 'Absenderadresse fehlt (INVOICE_ISSUER_ADDRESS)' },
        422: { description: 'Feld zu lang' },
      },
    },
    async ({ actor, body }, _req, res) => {
      res.status(201).json(await createInvoice(ctx, actor, body));
    },
  );

  route(
    routes,
    {
      method: 'get',
      path: '/api/admin/invoices/:id',
      summary: 'Eine Rechnung mit Positionen',
      tags,
      access: 'admin',
      params: IdParam,
      responses: { 200: { description: 'Rechnung', schema: Invoice }, ...missing },
    },
    async ({ params }, _req, res) => {
      res.json(await getInvoice(ctx, params.id));
    },
  );

  route(
    routes,
    {
      method: 'get',
      path: '/api/admin/invoices/:id/print',
      summary: 'Druckansicht einer Rechnung',
      tags,
      access: 'admin',
      params: IdParam,
      responses: { 200: html, ...missing },
    },
    async ({ params }, _req, res) => {
      res.render('invoice', invoiceViewModel(await getInvoice(ctx, params.id)));
    },
  );

  route(
    routes,
    {
      method: 'post',
      path: '/api/admin/invoices/:id/cancel',
      summary: 'Rechnung stornieren: erzeugt die Stornorechnung ST-… mit Verweis auf das Original',
      tags,
      access: 'admin',
      params: IdParam,
      body: CancelInvoiceBody,
      responses: {
        201: { description: 'Stornorechnung', schema: Invoice },
        ...missing,
        409: { description: 'Schon storniert, oder selbst eine Stornorechnung' },
      },
    },
    async ({ actor, params, body }, _req, res) => {
      res.status(201).json(await cancelInvoice(ctx, actor, params.id, body.reason));
    },
  );

  route(
    routes,
    {
      method: 'get',
      path: '/api/invoices',
      summary: 'Die eigenen Rechnungen',
      tags,
      access: 'user',
      query: PageQuery,
      responses: { 200: { description: 'Liste', schema: pageSchema(InvoiceSummary) } },
    },
    async ({ actor, query }, _req, res) => {
      res.json(await ownInvoices(ctx, actor, query));
    },
  );

  route(
    routes,
    {
      method: 'get',
      path: '/api/invoices/:id/print',
      summary: 'Druckansicht einer eigenen Rechnung',
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
