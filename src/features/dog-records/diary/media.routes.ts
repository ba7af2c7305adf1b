import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { idempotency } from '#core/http/guards/idempotency.js';
import { imageUpload, uploadedFiles } from '#core/media/upload.js';
import { PHOTO_FIELDS, photoFieldFacts } from '#core/media/photo-fields.js';
import { UploadForm, UploadResult } from './diary.schemas.js';
import { loadEntry } from './entries.service.js';
import { addMedia, deleteMedia, MAX_FILES_PER_UPLOAD } from './media.service.js';

const tags = ['Tagebuch'];

export function diaryMediaRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'user' });
  api.post('/api/diary/:entryId/media', 'Fotos zu einem Eintrag hochladen (multipart, Feld „files“, bis zu 10; dazu je Foto lat, lon, taken_at aus der App)', {
    multipart: UploadForm,
    // Before multer reads 20 MB of someone else's upload.
    authorize: ({ params, actor }) => loadEntry(ctx, actor, params.entryId, 'write'),
    before: [ctx.limits.upload, imageUpload(ctx.config, 'files', MAX_FILES_PER_UPLOAD, PHOTO_FIELDS)],
    // After multer: the key's request hash covers each file's SHA-256.
    idempotent: idempotency(ctx),
    responses: {
      201: ['Die gespeicherten Fotos mit Position, Aufnahmezeit und Wetter', UploadResult],
      403: 'Gehört jemand anderem',
      404: 'Gibt es nicht',
      413: 'Größer als 20 MB',
      415: 'Kein erlaubtes Bildformat (JPEG, PNG, WebP, HEIF/AVIF)',
      422: 'Bild beschädigt, mehr als 50 Megapixel oder zu viele Fotos am Eintrag',
      429: 'Zu viele Uploads',
    },
    run: async ({ params, actor }, req) => {
      const files = uploadedFiles(req);
      const fields = photoFieldFacts(req, files.length, ctx.config.timeZone, ctx.clock.now());
      return { items: await addMedia(ctx, actor, params.entryId, files, fields) };
    },
  });

  api.delete('/api/diary/media/:mediaId', 'Ein Foto löschen', {
    responses: { 204: 'Gelöscht', 403: 'Gehört jemand anderem', 404: 'Gibt es nicht' },
    run: ({ params, actor }) => deleteMedia(ctx, actor, params.mediaId),
  });
}
