/** The one error hierarchy. Handlers throw these; the error handler turns them into the JSON error body. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message = 'Die Anfrage ist ungültig.', fields?: Record<string, string>) => new AppError(400, 'bad_request', message, fields);
export const unauthorized = (message = 'Bitte melde dich an.') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'Dafür hast du keine Berechtigung.') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Nicht gefunden.') => new AppError(404, 'not_found', message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);
export const unprocessable = (message: string, fields?: Record<string, string>) => new AppError(422, 'validation_failed', message, fields);
export const tooManyRequests = (message: string, retryAfterSeconds: number, code = 'rate_limited') =>
  new AppError(429, code, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const serviceUnavailable = (message: string, code = 'service_unavailable') => new AppError(503, code, message);
