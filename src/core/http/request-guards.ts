import type { RequestHandler } from 'express';
import { AppError } from './errors.js';

export const BODY_LIMIT_BYTES = 20 * 1024 * 1024;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Rejects bodies over 20 MB by their declared length before anything reads them (multipart included). */
export const bodySizeGuard: RequestHandler = (req, _res, next) => {
  const length = Number(req.headers['content-length'] ?? 0);
  next(length > BODY_LIMIT_BYTES ? new AppError(413, 'payload_too_large', 'Die Anfrage ist zu groß (höchstens 20 MB).') : undefined);
};

/**
 * CSRF defence beside SameSite=Lax: a state-changing API request must carry JSON or multipart (an HTML form
 * cannot send JSON cross-site), and an Origin header, when present, must be our own.
 */
export function apiWriteGuard(publicOrigin: string): RequestHandler {
  return (req, _res, next) => {
    if (!STATE_CHANGING.has(req.method)) return next();
    const origin = req.headers.origin;
    if (origin && origin !== publicOrigin && origin !== `${req.protocol}://${req.get('host') ?? ''}`) {
      return next(new AppError(403, 'bad_origin', 'Diese Anfrage kommt von einer fremden Seite.'));
    }
    const type = req.headers['content-type'];
    if (type && !/^(application\/json|multipart\/form-data)\b/i.test(type)) {
      return next(new AppError(415, 'unsupported_media_type', 'Bitte sende JSON.'));
    }
    next();
  };
}
