import type { RequestHandler } from 'express';
import { z } from 'zod';

/**
 * The answers a route can give without its handler's doing, which its OpenAPI entry documents beside its own: what
 * the app-wide guards (app.ts) answer any request, and what route() answers for its input. A route's own words for
 * a status win; these fill the gaps, so the document names every status a client can meet (the API suite checks
 * every answer against it: test/contract/response-hook.ts).
 */

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

const WRITES = new Set<Method>(['post', 'patch', 'put', 'delete']);

/** What a rate limiter in a route's `before` carries, so its 429 gets documented (rate-limit.ts marks them). */
export const RATE_LIMITED = Symbol('rate-limited');

export function markRateLimited(handler: RequestHandler): RequestHandler {
  return Object.assign(handler, { [RATE_LIMITED]: true });
}

const isRateLimiter = (handler: RequestHandler) => (handler as unknown as Record<symbol, unknown>)[RATE_LIMITED] === true;

/** Whether a schema holds a string with a maximum length anywhere: over it, route() answers 422 (zod-errors.ts). */
const boundedText = new WeakMap<z.ZodType, boolean>();

function hasBoundedText(schema: z.ZodType | undefined): boolean {
  if (!schema) return false;
  let known = boundedText.get(schema);
  if (known === undefined) {
    const json = JSON.stringify(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
    known = json.includes('"maxLength"');
    boundedText.set(schema, known);
  }
  return known;
}

export interface RouteShape {
  method: Method;
  access: 'public' | 'user' | 'admin' | 'staff';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  multipart?: z.ZodType;
  before?: RequestHandler[];
}

/** The statuses a route can answer beyond its own, each with the words its entry gets when the route has none. */
export function routeErrorStatuses(def: RouteShape): Record<number, string> {
  const errors: Record<number, string> = {
    // Every request: a malformed path or query, control characters in the query, and the input schemas.
    400: 'Ungültige Anfrage',
    // Every request without a session from a blocked address (ip-blocklist.ts); on admin and staff routes the role.
    403: 'Kein Zugriff',
  };
  if (def.access !== 'public') errors[401] = 'Nicht angemeldet';
  if (WRITES.has(def.method)) {
    // request-guards.ts: a body over 20 MB, a content type other than JSON or multipart (or JSON not in UTF-8).
    errors[413] = 'Anfrage zu groß';
    errors[415] = 'Bitte als JSON (UTF-8) senden';
  }
  if ([def.params, def.query, def.body, def.multipart].some(hasBoundedText)) errors[422] = 'Feld zu lang';
  if (def.before?.some(isRateLimiter)) errors[429] = 'Zu viele Anfragen (Retry-After)';
  // Uploads land in the media store; while it is down they are refused (core/media/store).
  if (def.multipart) errors[503] = 'Dateispeicher nicht erreichbar';
  return errors;
}
