import type { AppContext } from '#core/context.js';
import { pageSchema } from '#core/http/route/pagination.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { analyseNote } from './note-analysis.js';
import { CreateNoteBody, Note, NotesQuery, UpdateNoteBody } from './notes.schemas.js';
import { changeNote, createNote, notesOf, ownNote, removeNote, toNote } from './notes.service.js';

const tags = ['Notizen'];
const refused = { 403: { description: 'Gehört nicht dir' }, 404: { description: 'Notiz oder Bezug gibt es nicht' } };

export function notesRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'user' });
  api.post('/api/notes', 'Notiz an einen Hund, Eintrag oder Datensatz hängen (acht Bezugstypen)', {
    body: CreateNoteBody,
    responses: { 201: ['Angelegt', Note], ...refused, 422: 'Text zu lang' },
    run: ({ body, actor }) => createNote(ctx, actor, body),
  });
  api.get('/api/notes', 'Notizen an einem Bezug, neueste zuerst', {
    query: NotesQuery,
    responses: { 200: ['Liste', pageSchema(Note)], ...refused },
    run: ({ query, actor }) => notesOf(ctx, actor, query),
  });
  api.get('/api/notes/:id', 'Eine Notiz', {
    responses: { 200: ['Notiz', Note], ...refused },
    run: async ({ params, actor }) => toNote(await ownNote(ctx, actor, params.id)),
  });
  api.patch('/api/notes/:id', 'Notiz ändern (ein neuer Text verwirft die KI-Analyse)', {
    authorize: ({ params, actor }) => ownNote(ctx, actor, params.id),
    body: UpdateNoteBody,
    responses: { 200: ['Geändert', Note], ...refused, 422: 'Text zu lang' },
    run: ({ params, body, actor }) => changeNote(ctx, actor, params.id, body),
  });
  api.delete('/api/notes/:id', 'Notiz löschen', {
    responses: { 204: 'Gelöscht', ...refused },
    run: ({ params, actor }) => removeNote(ctx, actor, params.id),
  });
  api.post('/api/notes/:id/analysis', 'KI-Analyse der Notiz (Einwilligung nötig; kostenlos 5 pro Monat) – wird an der Notiz gespeichert', {
    before: [ctx.limits.aiNoteAnalysis],
    responses: {
      200: ['Notiz mit Analyse', Note],
      ...refused,
      429: 'Monatskontingent aufgebraucht',
      502: 'Unbrauchbare KI-Antwort (nichts gespeichert)',
      503: 'KI nicht eingerichtet oder nicht erreichbar',
    },
    run: ({ params, actor }) => analyseNote(ctx, actor, params.id),
  });
}
