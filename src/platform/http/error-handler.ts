import type { ErrorRequestHandler, Request, Response } from 'express';
import { ZodError } from 'zod';
import { isUniqueViolation } from '#core/db/errors.js';
import { discardFiles } from '#core/media/storage.js';
import { AppError } from '#core/http/route/errors.js';
import { zodToAppError } from '#core/http/route/zod-errors.js';
import { loggablePath, requestLogger } from './request-log.js';

interface HttpishError {
  status?: number;
  statusCode?: number;
  code?: string;
  name?: string;
  message?: string;
}

const MULTER_STATUS: Record<string, [number, string]> = {
  LIMIT_FILE_SIZE: [413, 'Die Datei ist zu groß.'],
  LIMIT_PART_COUNT: [400, 'Zu viele Teile in der Anfrage.'],
  LIMIT_FILE_COUNT: [400, 'Zu viele Dateien auf einmal.'],
  LIMIT_FIELD_KEY: [400, 'Ein Feldname ist zu lang.'],
  LIMIT_FIELD_VALUE: [400, 'Ein Feld ist zu lang.'],
  LIMIT_FIELD_COUNT: [400, 'Zu viele Felder.'],
  LIMIT_UNEXPECTED_FILE: [400, 'Unerwartetes Datei-Feld.'],
};

export const requestAborted = () => new AppError(400, 'request_aborted', 'Die Anfrage wurde abgebrochen.');

/** Turns anything thrown into the one AppError shape; unknown errors become 500. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return zodToAppError(err);
  const e = (err ?? {}) as HttpishError;
  if (e.name === 'MulterError' && e.code) {
    const [status, message] = MULTER_STATUS[e.code] ?? [400, 'Der Upload ist ungültig.'];
    return new AppError(status, 'upload_rejected', message);
  }
  // The client went away mid-body (multer says so for uploads): nothing broke on our side.
  if (e.message === 'Request aborted' || e.code === 'ECONNRESET') return requestAborted();
  // busboy (inside multer) reports broken multipart bodies as plain errors.
  if (e.message && /multipart|boundary|unexpected end of form|malformed part header/i.test(e.message))
    return new AppError(400, 'malformed_multipart', 'Der Upload ist beschädigt.');
  if (isUniqueViolation(err)) return new AppError(409, 'conflict', 'Diesen Eintrag gibt es schon.');
  if (e.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || e.code === '23503')
    return new AppError(409, 'conflict', 'Der Eintrag hängt an etwas, das es nicht (mehr) gibt.');
  const status = e.status ?? e.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return new AppError(status, 'bad_request', 'Die Anfrage ist ungültig.');
  return new AppError(500, 'internal_error', 'Da ist etwas schiefgelaufen. Bitte versuch es später noch mal.');
}

function wantsJson(req: Request): boolean {
  return req.path.startsWith('/api/') || req.path === '/api' || !req.accepts('html');
}

export function sendError(req: Request, res: Response, error: AppError): void {
  if (res.headersSent) return;
  for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
  res.status(error.status);
  if (wantsJson(req)) {
    res.json({ error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } });
    return;
  }
  res.render('error', { title: `Fehler ${error.status}`, status: error.status, message: error.message }, (renderErr, html) => {
    if (renderErr) res.type('text/plain').send(error.message);
    else res.type('html').send(html);
  });
}

/** Files multer staged for this request (req.file or req.files). */
function stagedUploads(req: Request): string[] {
  const files = [...(req.file ? [req.file] : []), ...(Array.isArray(req.files) ? req.files : Object.values(req.files ?? {}).flat())];
  return files.map((f) => f.path).filter((p): p is string => typeof p === 'string');
}

/**
 * An answer of 502, 503 or 504 that a route threw deliberately (an AppError: "Das Wetter ist gerade nicht
 * erreichbar") is an expected state of someone else's service, not a bug: only unexpected errors are logged as
 * errors with their stack, so the real ones are not buried (and the error digest counts only those).
 */
function isExpectedUnavailable(err: unknown, error: AppError): boolean {
  return err instanceof AppError && (error.status === 502 || error.status === 503 || error.status === 504);
}

export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, _next) => {
  const error = toAppError(err);
  if (isExpectedUnavailable(err, error)) {
    // A 502/503/504 the code chose on purpose (an upstream is down, a service is not set up): expected, no stack.
    requestLogger(req).warn({ status: error.status, code: error.code, path: loggablePath(req.path) }, 'request answered unavailable');
  } else if (error.status >= 500) requestLogger(req).error({ err }, 'request failed');
  // A warning, not an error: the client's choice or its network, so it has no place in the admin's error digest.
  else if (error.code === 'request_aborted') requestLogger(req).warn({ path: loggablePath(req.path) }, 'request aborted by the client');
  // A refused upload leaves nothing behind by the time the answer goes out (the uploads' own 'close' hooks would
  // remove the files too, but only after the client already has its answer).
  const staged = stagedUploads(req);
  if (staged.length === 0) return sendError(req, res, error);
  void discardFiles(staged).finally(() => sendError(req, res, error));
};
