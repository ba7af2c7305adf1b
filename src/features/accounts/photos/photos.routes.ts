import type { RequestHandler } from 'express';
import { z } from 'zod';
import { requireDogAccess } from '../../../core/auth/ownership.js';
import { actorOf } from '../../../core/auth/guards.js';
import type { AppContext } from '../../../core/context.js';
import { route, type Routes } from '../../../core/http/route.js';
import { DogIdParam } from '../../../core/http/schema-kit.js';
import { imageUpload, uploadedFiles } from '../../../core/media/upload.js';
import { removeAvatar, setAvatar, setDogPhoto } from './photos.service.js';

const UploadForm = z.object({ file: z.string().meta({ format: 'binary' }) }).meta({ id: 'SinglePhotoForm' });
const uploadErrors = {
  413: { description: 'Größer als 20 MB' },
  415: { description: 'Kein erlaubtes Bildformat (JPEG, PNG, WebP, HEIF/AVIF)' },
  422: { description: 'Bild beschädigt oder mehr als 50 Megapixel' },
  429: { description: 'Zu viele Uploads' },
};

/** Checks the dog before multer reads the upload. */
const dogAccessFirst =
  (ctx: AppContext): RequestHandler =>
  async (req, _res, next) => {
    await requireDogAccess(ctx.db, actorOf(req), DogIdParam.parse(req.params).dogId, 'manage');
    next();
  };

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
    async ({ params, actor }, req, res) => {
      res.json({ photo_url: await setDogPhoto(ctx, actor, params.dogId, uploadedFiles(req)[0]) });
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
    async ({ actor }, req, res) => {
      res.json({ avatar_url: await setAvatar(ctx, actor, uploadedFiles(req)[0]) });
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
    async ({ actor }, _req, res) => {
      await removeAvatar(ctx, actor);
      res.status(204).end();
    },
  );
}
