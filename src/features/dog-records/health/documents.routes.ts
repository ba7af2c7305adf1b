import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { route, type Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { DogIdParam } from '#core/http/route/schema-kit.js';
import { recordRoutes } from '#core/records/record-kind.js';
import { sendStoredFile } from '#core/media/send-stored.js';
import { addDocument, documentFile, removeDocumentFile } from './documents.service.js';
import { documentUpload } from './documents.upload.js';
import { healthDocuments } from './health.kinds.js';
import { HealthDocument, HealthDocumentForm } from './health.schemas.js';
import { requireDogAccess } from '#core/auth/ownership.js';

const tags = ['Gesundheit'];

const FileParams = z.object({ userId: z.string(), dogId: z.string(), file: z.string() });

export function documentsRoutes(ctx: AppContext, routes: Routes): void {
  recordRoutes(ctx, routes, { ...healthDocuments, afterRemove: (c, row) => removeDocumentFile(c, row) });
  const api = routeGroup(routes, { tags, access: 'user' });
  api.post(
    '/api/dogs/:dogId/health-documents',
    'Dokument hochladen (multipart: Datei „file“ – PDF, JPEG, PNG, WebP, HEIF, höchstens 15 MB – und title, date, category)',
    {
      params: DogIdParam,
      multipart: HealthDocumentForm,
      // Before multer reads 15 MB of someone else's upload.
      authorize: ({ params, actor }) => requireDogAccess(ctx.db, actor, params.dogId, healthDocuments.needs.create),
      before: [ctx.limits.upload, documentUpload(ctx.config)],
      responses: {
        201: ['Gespeichert', HealthDocument],
        403: 'Nicht dein Hund',
        404: 'Hund gibt es nicht',
        413: 'Größer als 15 MB',
        415: 'Weder PDF noch erlaubtes Bild',
        422: 'Titel zu lang',
      },
      run: ({ params, actor }, req) => addDocument(ctx, actor, params.dogId, req.body, req.file),
    },
  );
  route(
    routes,
    {
      method: 'get',
      path: '/media/u/:userId/dogs/:dogId/health/:file',
      operationId: 'getHealthDocumentFile',
      summary: 'Datei eines Gesundheitsdokuments – nur für Besitzer und Betreuer; PDFs als Download',
      tags,
      access: 'user',
      params: FileParams,
      responses: {
        200: { description: 'Die Datei', contentType: 'application/pdf', schema: z.string().meta({ format: 'binary' }) },
        403: { description: 'Fremdes Dokument' },
        404: { description: 'Gibt es nicht' },
      },
    },
    async ({ actor }, req, res) => {
      const url = req.originalUrl.split('?')[0] ?? '';
      const file = await documentFile(ctx, actor, url);
      const pdf = file.mime === 'application/pdf';
      res.setHeader('Content-Type', file.mime);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      // PDFs are never shown inline on our origin (a PDF can carry scripts for some viewers): download only.
      const ext = pdf ? 'pdf' : file.mime === 'image/jpeg' ? 'jpg' : 'webp';
      res.setHeader(
        'Content-Disposition',
        `${pdf ? 'attachment' : 'inline'}; filename="dokument.${ext}"; filename*=UTF-8''${encodeURIComponent(file.title.slice(0, 100))}.${ext}`,
      );
      if (pdf) res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      await sendStoredFile(ctx.media, req, res, file.key, {
        missing: 'Diese Datei gibt es nicht.',
        contentType: file.mime,
        headers: { 'Cache-Control': 'private, max-age=31536000, immutable' },
      });
    },
  );
}
