import type { RequestHandler } from 'express';
import { setCache } from '#core/http/pages/cache-rules.js';

/**
 * GET /favicon.ico from `iconsDir`. The file is named relative to `root`: `send` refuses dot segments only in the
 * part after the root, so an install path such as ~/.local/share/pfotenbuch works (an absolute path would be 404).
 */
export const faviconHandler =
  (iconsDir: string): RequestHandler =>
  (_req, res, next) => {
    setCache(res, 'icon');
    res.sendFile('favicon.ico', { root: iconsDir, headers: { 'Content-Type': 'image/x-icon' } }, (err) => err && next(err));
  };
