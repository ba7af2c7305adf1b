import { z } from 'zod';
import { requireDogAccess } from '#core/auth/ownership.js';
import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { imageUpload, uploadedFiles } from '#core/media/upload.js';
import { removeAvatar, setAvatar, setDogPhoto } from './photos.service.js';

const UploadForm = z.object({ file: z.string().meta({ format: 'binary' }) }).meta({ id: 'SinglePhotoForm' });
const uploadErrors = {
  413: { description: 'Größer als 20 MB' },
  415: { description: 'Kein erlaubtes Bildformat (JPEG, PNG, WebP, HEIF/AVIF)' },
  422: { description: 'Bild beschädigt oder mehr als 50 Megapixel' },
  429: { description: 'Zu viele Uploads' },
};

export function photosRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags: ['Konto'], access: 'user' });
  api.post('/api/dogs/:dogId/photo', 'Profilfoto des Hundes hochladen (multipart, Feld „file“); ersetzt das alte', {
    tags: ['Hunde'],
    multipart: UploadForm,
    // Before multer reads the upload.
    authorize: ({ params, actor }) => requireDogAccess(ctx.db, actor, params.dogId, 'manage'),
    before: [ctx.limits.upload, imageUpload(ctx.config, 'file', 1)],
    responses: { 200: ['Die neue Foto-Adresse', z.object({ photo_url: z.string() })], 403: 'Nicht dein Hund', 404: 'Hund gibt es nicht', ...uploadErrors },
    run: async ({ params, actor }, req) => ({ photo_url: await setDogPhoto(ctx, actor, params.dogId, uploadedFiles(req)[0]) }),
  });

  api.post('/api/me/avatar', 'Eigenes Profilbild hochladen (multipart, Feld „file“); ersetzt das alte', {
    multipart: UploadForm,
    before: [ctx.limits.upload, imageUpload(ctx.config, 'file', 1)],
    responses: { 200: ['Die neue Bild-Adresse', z.object({ avatar_url: z.string() })], ...uploadErrors },
    run: async ({ actor }, req) => ({ avatar_url: await setAvatar(ctx, actor, uploadedFiles(req)[0]) }),
  });

  api.delete('/api/me/avatar', 'Eigenes Profilbild entfernen', {
    responses: { 204: 'Entfernt' },
    run: ({ actor }) => removeAvatar(ctx, actor),
  });
}
