import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { idempotency } from '#core/http/guards/idempotency.js';
import { CreateEntryBody, Entry, EntryPage, ListEntriesQuery, UpdateEntryBody } from './diary.schemas.js';
import { Id } from '#core/http/route/schema-kit.js';
import { requireDogAccess } from '#core/auth/ownership.js';
import { createEntry, deleteEntry, getEntry, listEntries, listEntriesOf, loadEntry, updateEntry } from './entries.service.js';
import { dogScope } from './views.service.js';

const tags = ['Tagebuch'];
const owned = { 403: { description: 'Gehört jemand anderem' }, 404: { description: 'Gibt es nicht' } };

export function entriesRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'user' });
  api.get('/api/diary/entries', 'Tagebucheinträge aller eigenen (und mitbetreuten) Hunde oder eines Hundes, neueste zuerst, seitenweise', {
    query: ListEntriesQuery.extend({ dog_id: Id.optional() }),
    responses: { 200: ['Eine Seite Einträge mit Fotos', EntryPage], ...owned },
    run: async ({ query, actor }) => await listEntriesOf(ctx, await dogScope(ctx, actor, query.dog_id), query),
  });
  api.get('/api/dogs/:dogId/diary', 'Tagebucheinträge eines Hundes (neueste zuerst, seitenweise)', {
    query: ListEntriesQuery,
    responses: { 200: ['Eine Seite Einträge mit Fotos', EntryPage], ...owned },
    run: ({ params, query, actor }) => listEntries(ctx, actor, params.dogId, query),
  });

  api.post('/api/dogs/:dogId/diary', 'Tagebucheintrag anlegen', {
    authorize: ({ params, actor }) => requireDogAccess(ctx.db, actor, params.dogId, 'write'),
    body: CreateEntryBody,
    idempotent: idempotency(ctx),
    responses: { 201: ['Der neue Eintrag', Entry], 422: 'Text zu lang (höchstens 10.000 Zeichen)', ...owned },
    run: ({ params, body, actor }) => createEntry(ctx, actor, params.dogId, body),
  });

  api.get('/api/diary/:entryId', 'Ein Tagebucheintrag mit Fotos und Wetter', {
    responses: { 200: ['Der Eintrag', Entry], ...owned },
    run: ({ params, actor }) => getEntry(ctx, actor, params.entryId),
  });

  api.patch('/api/diary/:entryId', 'Tagebucheintrag ändern', {
    authorize: ({ params, actor }) => loadEntry(ctx, actor, params.entryId, 'write'),
    body: UpdateEntryBody,
    responses: { 200: ['Der geänderte Eintrag', Entry], 422: 'Feld zu lang', ...owned },
    run: ({ params, body, actor }) => updateEntry(ctx, actor, params.entryId, body),
  });

  api.delete('/api/diary/:entryId', 'Tagebucheintrag löschen (mit allen Fotos)', {
    responses: { 204: 'Gelöscht', ...owned },
    run: ({ params, actor }) => deleteEntry(ctx, actor, params.entryId),
  });
}
