import { routeGroup } from '../http/route/route-group.js';
import { z } from 'zod';
import type { Actor } from '../auth/session-user.js';
import type { AppContext } from '../context.js';
import type { Routes } from '../http/route/route.js';
import { IdParam } from '../http/route/schema-kit.js';
import { geoItemPhotoUrlPrefix } from '../media/paths.js';
import { clearImage, replaceImage, type ImageSlot } from '../media/replace-image.js';
import { imageUpload, uploadedFiles } from '../media/upload.js';
import { findGeoItem, requireAuthor, toGeoItem, type GeoKind } from './geo-item-kind.js';
import { findGeoRow, swapGeoPhoto } from './geo-items.repo.js';

/**
 * One photo per geo item (the lost dog, the bait, the place of a playdate): the same checks as every upload
 * (20 MB, image formats, 50 megapixels; re-encoded to WebP without metadata, so no camera position leaks). The
 * file lies in the author's media folder: deleting the item or the account removes it.
 */

const slot = (kind: GeoKind, id: number): ImageSlot => ({
  read: (db) => findGeoRow(db, kind.table, [], id).then((row) => row && { url: row.photo_url }),
  swap: (db, expected, next, now) => swapGeoPhoto(db, kind.table, id, expected, next, now),
});

export async function setGeoPhoto(ctx: AppContext, actor: Actor, kind: GeoKind, id: number, file: Express.Multer.File | undefined) {
  await requireAuthor(ctx, actor, kind, id);
  await replaceImage(ctx, slot(kind, id), file, {
    urlPrefix: geoItemPhotoUrlPrefix(actor.id),
    variant: 'dog-photo',
  });
  return toGeoItem(kind, await findGeoItem(ctx, kind, id), actor);
}

export async function removeGeoPhoto(ctx: AppContext, actor: Actor, kind: GeoKind, id: number): Promise<void> {
  await requireAuthor(ctx, actor, kind, id);
  await clearImage(ctx, slot(kind, id));
}

const UploadForm = z.object({ file: z.string().meta({ format: 'binary' }) });

export function geoPhotoRoutes(ctx: AppContext, routes: Routes, kind: GeoKind): void {
  const tags = [kind.tag];
  const refused = { 403: { description: 'Nicht deins' }, 404: { description: `${kind.names.one} gibt es nicht` } };
  const api = routeGroup(routes, { tags, access: 'user' });
  api.post(`/api/${kind.path}/:id/photo`, 'Foto hochladen (multipart, Feld „file“); ersetzt das alte', {
    params: IdParam,
    multipart: UploadForm,
    // The author is checked before multer reads a byte of the upload.
    authorize: ({ params, actor }) => requireAuthor(ctx, actor, kind, params.id),
    before: [ctx.limits.upload, imageUpload(ctx.config, 'file', 1)],
    responses: {
      200: ['Mit dem neuen Foto', kind.item],
      ...refused,
      413: 'Größer als 20 MB',
      415: 'Kein erlaubtes Bildformat (JPEG, PNG, WebP, HEIF/AVIF)',
      422: 'Bild beschädigt oder mehr als 50 Megapixel',
      429: 'Zu viele Uploads',
    },
    run: ({ params, actor }, req) => setGeoPhoto(ctx, actor, kind, params.id, uploadedFiles(req)[0]),
  });
  api.delete(`/api/${kind.path}/:id/photo`, 'Foto entfernen', {
    params: IdParam,
    responses: { 204: 'Entfernt', ...refused },
    run: ({ params, actor }) => removeGeoPhoto(ctx, actor, kind, params.id),
  });
}
