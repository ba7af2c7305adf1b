import { sendStoredFile } from '#core/media/send-stored.js';
import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { route, type Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { IdParam } from '#core/http/route/schema-kit.js';
import { exportFile, listExports, requestExport } from './exports.service.js';

const tags = ['Konto'];

const DataExport = z
  .object({
    id: z.number().int(),
    status: z.enum(['queued', 'running', 'ready', 'failed']),
    size_bytes: z.number().int().nullable(),
    requested_at: z.string(),
    expires_at: z.string().nullable().meta({ description: 'Bis dann lässt er sich herunterladen (7 Tage nach dem Fertigstellen)' }),
  })
  .meta({ id: 'DataExport' });

export function exportsRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'user' });
  api.post('/api/me/exports', 'Datenexport anfordern (ZIP mit allen deinen Daten; einmal am Tag)', {
    responses: { 202: ['In der Warteschlange', DataExport], 429: 'Heute schon angefordert' },
    run: ({ actor }) => requestExport(ctx, actor),
  });
  api.get('/api/me/exports', 'Deine Datenexporte mit Stand', {
    responses: { 200: ['Neueste zuerst', z.object({ items: z.array(DataExport) })] },
    run: ({ actor }) => listExports(ctx, actor),
  });
  route(
    routes,
    {
      method: 'get',
      path: '/api/me/exports/:id/download',
      summary: 'Datenexport herunterladen (ZIP)',
      tags,
      access: 'user',
      params: IdParam,
      responses: {
        200: { description: 'Das ZIP', contentType: 'application/zip', schema: z.string().meta({ format: 'binary' }) },
        403: { description: 'Fremder Export' },
        404: { description: 'Gibt es nicht (mehr)' },
        409: { description: 'Noch nicht fertig' },
      },
    },
    async ({ params, actor }, req, res) => {
      const file = await exportFile(ctx, actor, params.id);
      res.attachment(file.name);
      await sendStoredFile(ctx.media, req, res, file.key, {
        missing: 'Diesen Export gibt es nicht (mehr).',
        headers: { 'Cache-Control': 'private, no-store' },
      });
    },
  );
}
