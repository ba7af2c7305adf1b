import { z } from 'zod';
import { requireBreeder } from '../../../core/auth/guards.js';
import type { AppContext } from '../../../core/context.js';
import { PageQuery, pageSchema } from '../../../core/http/pagination.js';
import { route, type Routes } from '../../../core/http/route.js';
import { IdParam } from '../../../core/http/schema-kit.js';
import { litterCsv, puppyPdf } from './breeder-export.js';
import {
  CreateLitterBody,
  CreatePuppyBody,
  Litter,
  LitterDetail,
  LitterWeighingBody,
  LitterWeights,
  Puppy,
  PuppyWeightBody,
  UpdateLitterBody,
  UpdatePuppyBody,
} from './breeder.schemas.js';
import {
  addPuppy,
  changeLitter,
  changePuppy,
  createLitter,
  litterDetail,
  litterWeights,
  listOwnLitters,
  removeLitter,
  removePuppy,
  weighLitter,
  weighPuppy,
} from './breeder.service.js';

const tags = ['Zucht'];
/** Every breeder route: logged in (401), tier breeder or breeder_test or an admin (403 breeder_only). */
const breeder = { access: 'user' as const, before: [requireBreeder] };
const refused = { 403: { description: 'Nur im Züchter-Tarif, oder nicht dein Wurf' }, 404: { description: 'Wurf oder Welpe gibt es nicht' } };
/** ASCII fallback plus the UTF-8 name for Content-Disposition (RFC 6266). */
const attachment = (ascii: string, name: string, ext: string) =>
  `attachment; filename="${ascii}.${ext}"; filename*=UTF-8''${encodeURIComponent(name.slice(0, 80))}.${ext}`;

export function breederRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'get',
      path: '/api/litters',
      summary: 'Eigene Würfe, neueste zuerst',
      tags,
      ...breeder,
      query: PageQuery,
      responses: { 200: { description: 'Liste', schema: pageSchema(Litter) }, ...refused },
    },
    async ({ query, actor }, _req, res) => {
      res.json(await listOwnLitters(ctx, actor, query));
    },
  );
  route(
    routes,
    {
      method: 'post',
      path: '/api/litters',
      summary: 'Wurf anlegen (Mutter: eigene Hündin; erwartete Geburt = Decken + 63 Tage)',
      tags,
      ...breeder,
      body: CreateLitterBody,
      responses: { 201: { description: 'Angelegt', schema: LitterDetail }, ...refused },
    },
    async ({ body, actor }, _req, res) => {
      res.status(201).json(await createLitter(ctx, actor, body));
    },
  );
  route(
    routes,
    {
      method: 'get',
      path: '/api/litters/:id',
      summary: 'Ein Wurf mit seinen Welpen',
      tags,
      ...breeder,
      params: IdParam,
      responses: { 200: { description: 'Wurf', schema: LitterDetail }, ...refused },
    },
    async ({ params, actor }, _req, res) => {
      res.json(await litterDetail(ctx, actor, params.id));
    },
  );
  route(
    routes,
    {
      method: 'patch',
      path: '/api/litters/:id',
      summary: 'Wurf ändern',
      tags,
      ...breeder,
      params: IdParam,
      body: UpdateLitterBody,
      responses: { 200: { description: 'Geändert', schema: LitterDetail }, ...refused },
    },
    async ({ params, body, actor }, _req, res) => {
      res.json(await changeLitter(ctx, actor, params.id, body));
    },
  );
  route(
    routes,
    {
      method: 'delete',
      path: '/api/litters/:id',
      summary: 'Wurf mit Welpen und Gewichten löschen',
      tags,
      ...breeder,
      params: IdParam,
      responses: { 204: { description: 'Gelöscht' }, ...refused },
    },
    async ({ params, actor }, _req, res) => {
      await removeLitter(ctx, actor, params.id);
      res.status(204).end();
    },
  );
  route(
    routes,
    {
      method: 'post',
      path: '/api/litters/:id/puppies',
      summary: 'Welpe hinzufügen',
      tags,
      ...breeder,
      params: IdParam,
      body: CreatePuppyBody,
      responses: { 201: { description: 'Angelegt', schema: Puppy }, ...refused, 422: { description: 'Text zu lang oder zu viele Welpen' } },
    },
    async ({ params, body, actor }, _req, res) => {
      res.status(201).json(await addPuppy(ctx, actor, params.id, body));
    },
  );
  route(
    routes,
    {
      method: 'patch',
      path: '/api/puppies/:id',
      summary: 'Welpe ändern (auch Käufer und Abgabe)',
      tags,
      ...breeder,
      params: IdParam,
      body: UpdatePuppyBody,
      responses: { 200: { description: 'Geändert', schema: Puppy }, ...refused },
    },
    async ({ params, body, actor }, _req, res) => {
      res.json(await changePuppy(ctx, actor, params.id, body));
    },
  );
  route(
    routes,
    {
      method: 'delete',
      path: '/api/puppies/:id',
      summary: 'Welpe löschen',
      tags,
      ...breeder,
      params: IdParam,
      responses: { 204: { description: 'Gelöscht' }, ...refused },
    },
    async ({ params, actor }, _req, res) => {
      await removePuppy(ctx, actor, params.id);
      res.status(204).end();
    },
  );
  route(
    routes,
    {
      method: 'post',
      path: '/api/puppies/:id/weights',
      summary: 'Gewicht eines Welpen (eins pro Tag; ein zweites ersetzt das erste); antwortet mit den Gewichten des Wurfs',
      tags,
      ...breeder,
      params: IdParam,
      body: PuppyWeightBody,
      responses: { 201: { description: 'Gespeichert', schema: LitterWeights }, ...refused },
    },
    async ({ params, body, actor }, _req, res) => {
      res.status(201).json(await weighPuppy(ctx, actor, params.id, body));
    },
  );
  route(
    routes,
    {
      method: 'post',
      path: '/api/litters/:id/weights',
      summary: 'Schnellwiegen: alle Welpen eines Wurfs an einem Tag (alles oder nichts)',
      tags,
      ...breeder,
      params: IdParam,
      body: LitterWeighingBody,
      responses: { 201: { description: 'Gespeichert', schema: LitterWeights }, ...refused },
    },
    async ({ params, body, actor }, _req, res) => {
      res.status(201).json(await weighLitter(ctx, actor, params.id, body));
    },
  );
  route(
    routes,
    {
      method: 'get',
      path: '/api/litters/:id/weights',
      summary: 'Gewichte je Welpe in Datumsfolge, mit Warnungen (abgenommen, zu langsam)',
      tags,
      ...breeder,
      params: IdParam,
      responses: { 200: { description: 'Gewichte', schema: LitterWeights }, ...refused },
    },
    async ({ params, actor }, _req, res) => {
      res.json(await litterWeights(ctx, actor, params.id));
    },
  );
  route(
    routes,
    {
      method: 'get',
      path: '/api/litters/:id/export.csv',
      summary: 'Wurf als CSV für Excel (ein Welpe pro Zeile, ein Wiegetag pro Spalte)',
      tags,
      ...breeder,
      params: IdParam,
      responses: { 200: { description: 'CSV', contentType: 'text/csv', schema: z.string() }, ...refused },
    },
    async ({ params, actor }, _req, res) => {
      const { csv, name } = await litterCsv(ctx, actor, params.id);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', attachment('wurf', name, 'csv'));
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(csv);
    },
  );
  route(
    routes,
    {
      method: 'get',
      path: '/api/puppies/:id/record.pdf',
      summary: 'Welpenpass als PDF für die Käufer',
      tags,
      ...breeder,
      params: IdParam,
      responses: { 200: { description: 'PDF', contentType: 'application/pdf', schema: z.string().meta({ format: 'binary' }) }, ...refused },
    },
    async ({ params, actor }, _req, res) => {
      const { pdf, name } = await puppyPdf(ctx, actor, params.id);
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Content-Disposition', attachment('welpenpass', `Welpenpass ${name}`, 'pdf'));
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(pdf);
    },
  );
}
