import type { RequestHandler } from 'express';
import { z } from 'zod';
import { loadOwnedDog } from '../../core/auth/ownership.js';
import type { AppContext } from '../../core/context.js';
import { unauthorized } from '../../core/http/errors.js';
import { route, type Routes } from '../../core/http/route.js';
import { zodToAppError } from '../../core/http/zod-errors.js';
import { imageUpload, uploadedFiles } from '../../core/media/upload.js';
import { removeAvatar, setAvatar, setDogPhoto } from './photos.service.js';

const DogIdParam = z.object({ dogId: z.coerce.number().int().min(1).max(2_147_483_647) });
const UploadForm = z.object({ file: z.string().meta({ format: 'binary' }) }).meta({ id: 'SinglePhotoForm' });
const uploadErrors = {
  413: { description: 'Größer als 20 MB' },
  415: { description: 'Kein erlaubtes Bildformat (JPEG, PNG, WebP, HEIF/AVIF)' },
  422: { description: 'Bild beschädigt oder mehr als 50 Megapixel' },
  429: { description: 'Zu viele Uploads' },
};

/** Checks the dog before multer reads the upload. */
function dogAccessFirst(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    const params = DogIdParam.safeParse(req.params);
    if (!params.success) throw zodToAppError(params.error);
    await loadOwnedDog(ctx.db, req, params.data.dogId);
    next();
  };
}

export function photosRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'post',
      path: '/api/dogs/:dogId/photo',
      summary: 'Profilfoto des Hundes hochladen (multipart, Feld „file“); ersetzt das alte',
      tags: ['Hunde'],
      access: 'user',
      params: DogIdParam,
      multipart: UploadForm,
      before: [ctx.limits.upload, dogAccessFirst(ctx), imageUpload(ctx.config.mediaDir, 'file', 1)],
      responses: {
        200: { description: 'Die neue Foto-Adresse', schema: z.object({ photo_url: z.string() }) },
        403: { description: 'Nicht dein Hund' },
        404: { description: 'Hund gibt es nicht' },
        ...uploadErrors,
      },
    },
    async ({ params }, req, res) => {
      res.json({ photo_url: await setDogPhoto(ctx, req, params.dogId, uploadedFiles(req)[0]) });
    },
  );

  route(
    routes,
    {
      method: 'post',
      path: '/api/me/avatar',
      summary: 'Eigenes Profilbild hochladen (multipart, Feld „file“); ersetzt das alte',
      tags: ['Konto'],
      access: 'user',
      multipart: UploadForm,
      before: [ctx.limits.upload, imageUpload(ctx.config.mediaDir, 'file', 1)],
      responses: { 200: { description: 'Die neue Bild-Adresse', schema: z.object({ avatar_url: z.string() }) }, ...uploadErrors },
    },
    async (_input, req, res) => {
      if (!req.user) throw unauthorized();
      res.json({ avatar_url: await setAvatar(ctx, req.user.id, uploadedFiles(req)[0]) });
    },
  );

  route(
    routes,
    {
      method: 'delete',
      path: '/api/me/avatar',
      summary: 'Eigenes Profilbild entfernen',
      tags: ['Konto'],
      access: 'user',
      responses: { 204: { description: 'Entfernt' } },
    },
    async (_input, req, res) => {
      if (!req.user) throw unauthorized();
      await removeAvatar(ctx, req.user.id);
      res.status(204).end();
    },
  );
}
