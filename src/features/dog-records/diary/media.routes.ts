import type { RequestHandler } from 'express';
import { actorOf } from '../../../core/auth/guards.js';
import type { AppContext } from '../../../core/context.js';
import { route, type Routes } from '../../../core/http/route.js';
import { imageUpload, uploadedFiles } from '../../../core/media/upload.js';
import { EntryIdParam, MediaIdParam, UploadForm, UploadResult } from './diary.schemas.js';
import { loadEntry } from './entries.service.js';
import { addMedia, deleteMedia, MAX_FILES_PER_UPLOAD } from './media.service.js';

const tags = ['Tagebuch'];

/** Checks the entry before multer reads 20 MB of someone else's upload. */
const entryAccessFirst =
  (ctx: AppContext): RequestHandler =>
  async (req, _res, next) => {
    await loadEntry(ctx, actorOf(req), EntryIdParam.parse(req.params).entryId, 'write');
    next();
  };

export function diaryMediaRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'post',
      path: '/api/diary/:entryId/media',
      summary: 'Fotos zu einem Eintrag hochladen (multipart, Feld „files“, bis zu 10)',
      tags,
      access: 'user',
      params: EntryIdParam,
      multipart: UploadForm,
      before: [ctx.limits.upload, entryAccessFirst(ctx), imageUpload(ctx.config.mediaDir, 'files', MAX_FILES_PER_UPLOAD)],
      responses: {
        201: { description: 'Die gespeicherten Fotos mit Position, Aufnahmezeit und Wetter', schema: UploadResult },
        403: { description: 'Gehört jemand anderem' },
        404: { description: 'Gibt es nicht' },
        413: { description: 'Größer als 20 MB' },
        415: { description: 'Kein erlaubtes Bildformat (JPEG, PNG, WebP, HEIF/AVIF)' },
        422: { description: 'Bild beschädigt, mehr als 50 Megapixel oder zu viele Fotos am Eintrag' },
        429: { description: 'Zu viele Uploads' },
      },
    },
    async ({ params, actor }, req, res) => {
      res.status(201).json({ items: await addMedia(ctx, actor, params.entryId, uploadedFiles(req)) });
    },
  );

  route(
    routes,
    {
      method: 'delete',
      path: '/api/diary/media/:mediaId',
      summary: 'Ein Foto löschen',
      tags,
      access: 'user',
      params: MediaIdParam,
      responses: { 204: { description: 'Gelöscht' }, 403: { description: 'Gehört jemand anderem' }, 404: { description: 'Gibt es nicht' } },
    },
    async ({ params, actor }, _req, res) => {
      await deleteMedia(ctx, actor, params.mediaId);
      res.status(204).end();
    },
  );
}
