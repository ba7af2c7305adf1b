import type { Request, Response } from 'express';
import { sendStoredFile } from '../../media/send-stored.js';
import type { MediaStore } from '../../media/store/media-store.js';
import { CACHE } from './cache-rules.js';

/**
 * A stored file behind a public link (the emergency card's photo, a lost dog's photo on its poster page): never
 * cached, never indexed, a German 404 when it is gone.
 */
export async function sendPublicFile(store: MediaStore, req: Request, res: Response, key: string, missing: string): Promise<void> {
  await sendStoredFile(store, req, res, key, { missing, headers: { 'Cache-Control': CACHE.never, 'X-Robots-Tag': 'noindex' } });
}
