import type { Response } from 'express';
import { notFound } from '../errors.js';
import { setCache } from './cache-rules.js';

/**
 * A file behind a public link (the emergency card's photo, a lost dog's photo on its poster page): never cached,
 * never indexed, a German 404 when it is gone.
 */
export async function sendPublicFile(res: Response, file: string, missing: string): Promise<void> {
  setCache(res, 'never');
  res.setHeader('X-Robots-Tag', 'noindex');
  await new Promise<void>((resolve, reject) =>
    res.sendFile(file, { cacheControl: false, dotfiles: 'deny' }, (err) => (err && !res.headersSent ? reject(notFound(missing)) : resolve())),
  );
}
