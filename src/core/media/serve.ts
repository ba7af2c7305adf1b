import { z } from 'zod';
import type { Request, Response } from 'express';
import type { SessionUser } from '../auth/session-user.js';
import type { AppContext } from '../context.js';
import { forbidden, notFound, unauthorized } from '../http/route/errors.js';
import { ErrorBody } from '../http/route/openapi.js';
import type { Routes } from '../http/route/route.js';
import { sendStoredFile } from './send-stored.js';
import { mediaKeyOf } from './storage.js';

/**
 * GET /media/… : user files, only for users allowed to see the record a file belongs to. Each area that stores
 * files contributes rules (their manifests' `mediaRules`, which routes.ts gathers and passes in, so core knows no area): a URL pattern and who may read it.
 */

export type MediaAccess = 'allow' | 'forbidden' | 'missing';

export interface MediaRule {
  /** What the rule covers, for docs and logs. */
  kind: string;
  /** Matched against the URL path, e.g. /media/u/7/avatar/<name>.webp. */
  pattern: RegExp;
  canRead(ctx: AppContext, user: SessionUser, url: string, match: RegExpExecArray): Promise<MediaAccess>;
}

/** Any logged-in user: avatars, dog photos, community images. */
export const everyLoggedInUser: MediaRule['canRead'] = async () => 'allow';

/** File names never repeat (a new upload gets a new name), so browsers may keep a file for a year. */
const CACHE_CONTROL = 'private, max-age=31536000, immutable';

const errorContent = { 'application/json': { schema: ErrorBody } };

export function serveMediaFiles(ctx: AppContext, routes: Routes, rules: MediaRule[]): void {
  routes.openapi.registerPath({
    method: 'get',
    path: '/media/{path}',
    operationId: 'getMediaFile',
    request: { params: z.object({ path: z.string().meta({ description: 'Pfad der Datei unter /media/, z. B. u/12/d/3/abc.webp' }) }) },
    summary: 'Eine Datei (Foto, Vorschau, Avatar) – nur für Berechtigte, mit Range-Unterstützung',
    tags: ['Medien'],
    security: [{ session: [] }],
    responses: {
      200: { description: 'Die Datei (Cache-Control: private, immutable)' },
      206: { description: 'Ein Ausschnitt (Range)' },
      // Errors come in the one error shape, as everywhere (a browser navigating here gets the HTML error page).
      400: { description: 'Ungültiger Pfad (z. B. eine kaputte %-Kodierung)', content: errorContent },
      401: { description: 'Nicht angemeldet', content: errorContent },
      403: { description: 'Gehört jemand anderem', content: errorContent },
      404: { description: 'Gibt es nicht', content: errorContent },
    },
  });

  const handler = async (req: Request, res: Response) => {
    const url = req.originalUrl.split('?')[0] ?? '';
    if (!req.user) throw unauthorized();
    const rule = rules.find((r) => r.pattern.test(url));
    const match = rule?.pattern.exec(url);
    const key = mediaKeyOf(url);
    if (!rule || !match || !key) throw notFound('Diese Datei gibt es nicht.');
    const access = await rule.canRead(ctx, req.user, url, match);
    if (access === 'missing') throw notFound('Diese Datei gibt es nicht.');
    if (access === 'forbidden') throw forbidden('Diese Datei gehört jemand anderem.');
    await sendStoredFile(ctx.media, req, res, key, { missing: 'Diese Datei gibt es nicht.', headers: { 'Cache-Control': CACHE_CONTROL } });
  };
  routes.router.get('/media/*path', handler);
}
