import type { AppContext } from '../../../core/context.js';
import { route, type Routes } from '../../../core/http/route.js';
import { CreateEntryBody, DogIdParam, Entry, EntryIdParam, EntryPage, ListEntriesQuery, UpdateEntryBody } from './diary.schemas.js';
import { Id } from '../../../core/http/schema-kit.js';
import { createEntry, deleteEntry, getEntry, listEntries, listEntriesOf, updateEntry } from './entries.service.js';
import { dogScope } from './views.service.js';

const tags = ['Tagebuch'];
const owned = { 403: { description: 'Gehört jemand anderem' }, 404: { description: 'Gibt es nicht' } };

export function entriesRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'get',
      path: '/api/diary/entries',
      summary: 'Tagebucheinträge aller eigenen (und mitbetreuten) Hunde oder eines Hundes, neueste zuerst, seitenweise',
      tags,
      access: 'user',
      query: ListEntriesQuery.extend({ dog_id: Id.optional() }),
      responses: { 200: { description: 'Eine Seite Einträge mit Fotos', schema: EntryPage }, ...owned },
    },
    async ({ query, actor }, _req, res) => {
      res.json(await listEntriesOf(ctx, await dogScope(ctx, actor, query.dog_id), query));
    },
  );
  route(
    routes,
    {
      method: 'get',
      path: '/api/dogs/:dogId/diary',
      summary: 'Tagebucheinträge eines Hundes (neueste zuerst, seitenweise)',
      tags,
      access: 'user',
      params: DogIdParam,
      query: ListEntriesQuery,
      responses: { 200: { description: 'Eine Seite Einträge mit Fotos', schema: EntryPage }, ...owned },
    },
    async ({ params, query, actor }, _req, res) => {
      res.json(await listEntries(ctx, actor, params.dogId, query));
    },
  );

  route(
    routes,
    {
      method: 'post',
      path: '/api/dogs/:dogId/diary',
      summary: 'Tagebucheintrag anlegen',
      tags,
      access: 'user',
      params: DogIdParam,
      body: CreateEntryBody,
      responses: { 201: { description: 'Der neue Eintrag', schema: Entry }, 422: { description: 'Text zu lang (höchstens 10.000 Zeichen)' }, ...owned },
    },
    async ({ params, body, actor }, _req, res) => {
      res.status(201).json(await createEntry(ctx, actor, params.dogId, body));
    },
  );

  route(
    routes,
    {
      method: 'get',
      path: '/api/diary/:entryId',
      summary: 'Ein Tagebucheintrag mit Fotos und Wetter',
      tags,
      access: 'user',
      params: EntryIdParam,
      responses: { 200: { description: 'Der Eintrag', schema: Entry }, ...owned },
    },
    async ({ params, actor }, _req, res) => {
      res.json(await getEntry(ctx, actor, params.entryId));
    },
  );

  route(
    routes,
    {
      method: 'patch',
      path: '/api/diary/:entryId',
      summary: 'Tagebucheintrag ändern',
      tags,
      access: 'user',
      params: EntryIdParam,
      body: UpdateEntryBody,
      responses: { 200: { description: 'Der geänderte Eintrag', schema: Entry }, 422: { description: 'Feld zu lang' }, ...owned },
    },
    async ({ params, body, actor }, _req, res) => {
      res.json(await updateEntry(ctx, actor, params.entryId, body));
    },
  );

  route(
    routes,
    {
      method: 'delete',
      path: '/api/diary/:entryId',
      summary: 'Tagebucheintrag löschen (mit allen Fotos)',
      tags,
      access: 'user',
      params: EntryIdParam,
      responses: { 204: { description: 'Gelöscht' }, ...owned },
    },
    async ({ params, actor }, _req, res) => {
      await deleteEntry(ctx, actor, params.entryId);
      res.status(204).end();
    },
  );
}
