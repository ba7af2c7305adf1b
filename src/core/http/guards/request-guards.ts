import type { RequestHandler } from 'express';
import { AppError } from '../route/errors.js';

export const BODY_LIMIT_BYTES = 20 * 1024 * 1024;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Rejects bodies over 20 MB by their declared length before anything reads them (multipart included). */
export const bodySizeGuard: RequestHandler = (req, _res, next) => {
  const length = Number(req.headers['content-length'] ?? 0);
  next(length > BODY_LIMIT_BYTES ? new AppError(413, 'payload_too_large', 'Die Anfrage ist zu groß (höchstens 20 MB).') : undefined);
};

/**
 * CSRF defence beside SameSite=Lax: a state-changing API request must carry JSON or multipart (an HTML form
 * cannot send JSON cross-site), and an Origin header, when present, must be our own. `exempt` paths (full paths)
 * skip it: the CSP report endpoint, which browsers post to in their own content types and which acts for nobody
 * (no session is read there), and the one-click unsubscribe of alert mails, which mail clients post to as a form
 * (RFC 8058) and which a signed link, not a session, authorises. Runs on every request (one layer with the other
 * global middlewares, series.ts) and checks only paths under /api, matched as Express matches: case-insensitively.
 */
export function apiWriteGuard(publicOrigin: string, exempt: string[] = []): RequestHandler {
  const skip = new Set(exempt.map((path) => path.toLowerCase()));
  return (req, _res, next) => {
    if (!STATE_CHANGING.has(req.method)) return next();
    const path = req.path.toLowerCase();
    if (!(path === '/api' || path.startsWith('/api/')) || skip.has(path)) return next();
    const origin = req.headers.origin;
    // Only PUBLIC_URL counts: the Host header is the client's to choose, so it proves nothing.
    if (origin && origin !== publicOrigin) {
      return next(new AppError(403, 'bad_origin', 'Diese Anfrage kommt von einer fremden Seite.'));
    }
    const type = req.headers['content-type'];
    if (type && !/^(application\/json|multipart\/form-data)\b/i.test(type)) {
      return next(new AppError(415, 'unsupported_media_type', 'Bitte sende JSON.'));
    }
    // JSON is UTF-8 (RFC 8259); another declared charset would be decoded into garbage and answered 400.
    const charset = type && /^application\/json\b/i.test(type) ? /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(type)?.[1] : undefined;
    if (charset && !/^utf-?8$/i.test(charset)) {
      return next(new AppError(415, 'unsupported_media_type', 'Bitte sende JSON in UTF-8.'));
    }
    next();
  };
}
