import { z } from 'zod';
import { requireBreeder } from '#core/auth/guards.js';
import type { AppContext } from '#core/context.js';
import { PageQuery, pageSchema } from '#core/http/route/pagination.js';
import { route, type Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { IdParam } from '#core/http/route/schema-kit.js';
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
  ownLitter,
  ownPuppy,
} from './breeder.service.js';

const tags = ['Zucht'];
/** Every breeder route: logged in (401), tier breeder or breeder_test or an admin (403 breeder_only). */
const breeder = { access: 'user' as const, guards: [requireBreeder] };
const refused = { 403: { description: 'Nur im Züchter-Tarif, oder nicht dein Wurf' }, 404: { description: 'Wurf oder Welpe gibt es nicht' } };
/** ASCII fallback plus the UTF-8 name for Content-Disposition (RFC 6266). */
const attachment = (ascii: string, name: string, ext: string) =>
  `attachment; filename="${ascii}.${ext}"; filename*=UTF-8''${encodeURIComponent(name.slice(0, 80))}.${ext}`;

export function breederRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, ...breeder });
  api.get('/api/litters', 'Eigene Würfe, neueste zuerst', {
    query: PageQuery,
    responses: { 200: ['Liste', pageSchema(Litter)], ...refused },
    run: ({ query, actor }) => listOwnLitters(ctx, actor, query),
  });
  api.post('/api/litters', 'Wurf anlegen (Mutter: eigene Hündin; erwartete Geburt = Decken + 63 Tage)', {
    body: CreateLitterBody,
    responses: { 201: ['Angelegt', LitterDetail], ...refused, 409: 'Die Mutter ist keine Hündin (not_female)' },
    run: ({ body, actor }) => createLitter(ctx, actor, body),
  });
  api.get('/api/litters/:id', 'Ein Wurf mit seinen Welpen', {
    responses: { 200: ['Wurf', LitterDetail], ...refused },
    run: ({ params, actor }) => litterDetail(ctx, actor, params.id),
  });
  api.patch('/api/litters/:id', 'Wurf ändern', {
    authorize: ({ params, actor }) => ownLitter(ctx, actor, params.id),
    body: UpdateLitterBody,
    responses: { 200: ['Geändert', LitterDetail], ...refused },
    run: ({ params, body, actor }) => changeLitter(ctx, actor, params.id, body),
  });
  api.delete('/api/litters/:id', 'Wurf mit Welpen und Gewichten löschen', {
    responses: { 204: 'Gelöscht', ...refused },
    run: ({ params, actor }) => removeLitter(ctx, actor, params.id),
  });
  api.post('/api/litters/:id/puppies', 'Welpe hinzufügen', {
    authorize: ({ params, actor }) => ownLitter(ctx, actor, params.id),
    body: CreatePuppyBody,
    responses: { 201: ['Angelegt', Puppy], ...refused, 422: 'Text zu lang oder zu viele Welpen' },
    run: ({ params, body, actor }) => addPuppy(ctx, actor, params.id, body),
  });
  api.patch('/api/puppies/:id', 'Welpe ändern (auch Käufer und Abgabe)', {
    authorize: ({ params, actor }) => ownPuppy(ctx, actor, params.id),
    body: UpdatePuppyBody,
    responses: { 200: ['Geändert', Puppy], ...refused },
    run: ({ params, body, actor }) => changePuppy(ctx, actor, params.id, body),
  });
  api.delete('/api/puppies/:id', 'Welpe löschen', {
    responses: { 204: 'Gelöscht', ...refused },
    run: ({ params, actor }) => removePuppy(ctx, actor, params.id),
  });
  api.post('/api/puppies/:id/weights', 'Gewicht eines Welpen (eins pro Tag; ein zweites ersetzt das erste); antwortet mit den Gewichten des Wurfs', {
    authorize: ({ params, actor }) => ownPuppy(ctx, actor, params.id),
    body: PuppyWeightBody,
    responses: { 201: ['Gespeichert', LitterWeights], ...refused },
    run: ({ params, body, actor }) => weighPuppy(ctx, actor, params.id, body),
  });
  api.post('/api/litters/:id/weights', 'Schnellwiegen: alle Welpen eines Wurfs an einem Tag (alles oder nichts)', {
    authorize: ({ params, actor }) => ownLitter(ctx, actor, params.id),
    body: LitterWeighingBody,
    responses: { 201: ['Gespeichert', LitterWeights], ...refused },
    run: ({ params, body, actor }) => weighLitter(ctx, actor, params.id, body),
  });
  api.get('/api/litters/:id/weights', 'Gewichte je Welpe in Datumsfolge, mit Warnungen (abgenommen, zu langsam)', {
    responses: { 200: ['Gewichte', LitterWeights], ...refused },
    run: ({ params, actor }) => litterWeights(ctx, actor, params.id),
  });
  route(
    routes,
    {
      method: 'get',
      path: '/api/litters/:id/export.csv',
      params: IdParam,
      summary: 'Wurf als CSV für Excel (ein Welpe pro Zeile, ein Wiegetag pro Spalte)',
      tags,
      ...breeder,
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
      params: IdParam,
      summary: 'Welpenpass als PDF für die Käufer',
      tags,
      ...breeder,
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
