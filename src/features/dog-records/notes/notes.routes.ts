import type { AppContext } from '../../../core/context.js';
import { pageSchema } from '../../../core/http/pagination.js';
import { route, type Routes } from '../../../core/http/route.js';
import { IdParam } from '../../../core/http/schema-kit.js';
import { analyseNote } from './note-analysis.js';
import { CreateNoteBody, Note, NotesQuery, UpdateNoteBody } from './notes.schemas.js';
import { changeNote, createNote, notesOf, ownNote, removeNote, toNote } from './notes.service.js';

const tags = ['Notizen'];
const refused = { 403: { description: 'Gehört nicht dir' }, 404: { description: 'Notiz oder Bezug gibt es nicht' } };

export function notesRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'post',
      path: '/api/notes',
      summary: 'Notiz an einen Hund, Eintrag oder Datensatz hängen (acht Bezugstypen)',
      tags,
      access: 'user',
      body: CreateNoteBody,
      responses: { 201: { description: 'Angelegt', schema: Note }, ...refused, 422: { description: 'Text zu lang' } },
    },
    async ({ body, actor }, _req, res) => {
      res.status(201).json(await createNote(ctx, actor, body));
    },
  );
  route(
    routes,
    {
      method: 'get',
      path: '/api/notes',
      summary: 'Notizen an einem Bezug, neueste zuerst',
      tags,
      access: 'user',
      query: NotesQuery,
      responses: { 200: { description: 'Liste', schema: pageSchema(Note) }, ...refused },
    },
    async ({ query, actor }, _req, res) => {
      res.json(await notesOf(ctx, actor, query));
    },
  );
  route(
    routes,
    {
      method: 'get',
      path: '/api/notes/:id',
      summary: 'Eine Notiz',
      tags,
      access: 'user',
      params: IdParam,
      responses: { 200: { description: 'Notiz', schema: Note }, ...refused },
    },
    async ({ params, actor }, _req, res) => {
      res.json(toNote(await ownNote(ctx, actor, params.id)));
    },
  );
  route(
    routes,
    {
      method: 'patch',
      path: '/api/notes/:id',
      summary: 'Notiz ändern (ein neuer Text verwirft die KI-Analyse)',
      tags,
      access: 'user',
      params: IdParam,
      body: UpdateNoteBody,
      responses: { 200: { description: 'Geändert', schema: Note }, ...refused, 422: { description: 'Text zu lang' } },
    },
    async ({ params, body, actor }, _req, res) => {
      res.json(await changeNote(ctx, actor, params.id, body));
    },
  );
  route(
    routes,
    {
      method: 'delete',
      path: '/api/notes/:id',
      summary: 'Notiz löschen',
      tags,
      access: 'user',
      params: IdParam,
      responses: { 204: { description: 'Gelöscht' }, ...refused },
    },
    async ({ params, actor }, _req, res) => {
      await removeNote(ctx, actor, params.id);
      res.status(204).end();
    },
  );
  route(
    routes,
    {
      method: 'post',
      path: '/api/notes/:id/analysis',
      summary: 'KI-Analyse der Notiz (Einwilligung nötig; kostenlos 5 pro Monat) – wird an der Notiz gespeichert',
      tags,
      access: 'user',
      params: IdParam,
      before: [ctx.limits.aiNoteAnalysis],
      responses: {
        200: { description: 'Notiz mit Analyse', schema: Note },
        ...refused,
        429: { description: 'Monatskontingent aufgebraucht' },
        502: { description: 'Unbrauchbare KI-Antwort (nichts gespeichert)' },
        503: { description: 'KI nicht eingerichtet oder nicht erreichbar' },
      },
    },
    async ({ params, actor }, _req, res) => {
      res.json(await analyseNote(ctx, actor, params.id));
    },
  );
}
