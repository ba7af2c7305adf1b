import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { Request, RequestHandler, Response } from 'express';
import type { RouteTable } from '#platform/http/prefix-router.js';
import type { z } from 'zod';
import { requireRole, requireUser } from '../../auth/guards.js';
import type { Actor } from '../../auth/session-user.js';
import { ErrorBody } from './openapi.js';
import { jsonBody, jsonBodyReader } from './json-body.js';
import { documentIdempotency, type Idempotency } from '../guards/idempotency.js';
import { routeErrorStatuses } from './route-errors.js';
import { series } from '#platform/http/series.js';
import { statusTable } from './status-table.js';
import { assertNoControlCharacters } from './text-rules.js';
import { zodToAppError } from './zod-errors.js';

/** Who may call a route: anyone, any logged-in user, admins, or admins and moderators ("staff"). */
export type Access = 'public' | 'user' | 'admin' | 'staff';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
type AnyObject = z.ZodObject;

export interface RouteDef<P extends AnyObject, Q extends AnyObject, B extends z.ZodType, A extends Access = Access> {
  method: Method;
  /** Express path, e.g. /api/dogs/:dogId; the OpenAPI document gets /api/dogs/{dogId}. */
  path: string;
  summary: string;
  /** OpenAPI operationId for generated clients; derived from method and path when not given (see operationIdOf). */
  operationId?: string;
  /** Left out of the published OpenAPI document (the honeypot: a client walking the document must not hit it). */
  undocumented?: true;
  tags: string[];
  access: A;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * How many values the JSON body may hold (default JSON_MAX_VALUES). Only bodies that carry a line or a track
   * raise it (GEOMETRY_MAX_VALUES); their schemas cap the points, the 1 MB limit stays.
   */
  jsonMaxValues?: number;
  /** Multipart routes document their form here; multer runs in `before`. */
  multipart?: z.ZodType;
  /**
   * Who may act on what the path names (ownership.ts: 403 for another user's record, 404 for a missing one). Runs
   * right after the session guard and the path's ids, before anything else of the request is read: a stranger gets
   * the same 403 whatever the body, and costs no parsing and no upload. Required on a user's write that takes a body
   * and names a record in its path; `false` there says nobody owns what the path names (the reason beside it).
   */
  authorize?: ((input: { params: z.infer<P>; actor: CallerOf<A> }, req: Request) => unknown) | false;
  /** Plan or role checks beside `access` (requireBreeder): they run with the session guard, before `authorize`. */
  guards?: RequestHandler[];
  /** Runs after `authorize` and before the body is read and parsed: rate limits, uploads. */
  before?: RequestHandler[];
  /** Honours an `Idempotency-Key` header (`idempotency(ctx)`, offline writes): a repeat answers the first answer. */
  idempotent?: Idempotency;
  responses: Record<number, { description: string; schema?: z.ZodType; contentType?: string }>;
}

/** The caller a handler acts for: always a logged-in user on non-public routes, maybe nobody on public ones. */
export type CallerOf<A extends Access> = A extends 'public' ? Actor | null : Actor;

export interface RouteInput<P, Q, B, A extends Access = Access> {
  params: P;
  query: Q;
  body: B;
  actor: CallerOf<A>;
}

export interface Routes {
  router: RouteTable;
  openapi: OpenAPIRegistry;
}

function parse<T extends z.ZodType>(schema: T | undefined, value: unknown): z.infer<T> | undefined {
  if (!schema) return undefined;
  // reportInput lets the German messages tell a missing field from a wrong one; the input never leaves the server.
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw zodToAppError(result.error);
  return result.data;
}

/**
 * A stable operationId from method and path, e.g. `GET /api/dogs/:dogId/diary` → `getDogsByDogIdDiary`.
 * Paths are unique per method, so the ids are too.
 */
export function operationIdOf(method: Method, path: string): string {
  const words = path
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return method + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

function document(openapi: OpenAPIRegistry, def: RouteDef<AnyObject, AnyObject, z.ZodType>): void {
  const responses: RouteConfig['responses'] = statusTable([]);
  for (const [status, r] of Object.entries(def.responses)) {
    // Every error goes out in the one error shape (error-handler.ts), so an error documented by its words alone
    // gets that shape too.
    const schema = r.schema ?? (Number(status) >= 400 ? ErrorBody : undefined);
    responses[status] = schema
      ? { description: r.description, content: { [r.contentType ?? 'application/json']: { schema } } }
      : { description: r.description };
  }
  for (const [status, description] of Object.entries(routeErrorStatuses(def))) {
    responses[status] ??= { description, content: { 'application/json': { schema: ErrorBody } } };
  }
  // Express tags every GET answer with an ETag and answers a matching If-None-Match with an empty 304.
  if (def.method === 'get') responses['304'] ??= { description: 'Nicht geändert (If-None-Match)' };
  const request: RouteConfig['request'] = {};
  if (def.params) request.params = def.params;
  if (def.query) request.query = def.query;
  if (def.body) request.body = { content: { 'application/json': { schema: def.body } }, required: true };
  if (def.multipart) request.body = { content: { 'multipart/form-data': { schema: def.multipart } }, required: true };
  if (def.idempotent) documentIdempotency(request, responses);
  openapi.registerPath({
    method: def.method,
    path: def.path.replace(/:(\w+)/g, '{$1}'),
    operationId: def.operationId ?? operationIdOf(def.method, def.path),
    summary: def.summary,
    tags: def.tags,
    // An empty list tells clients and linters that a public operation needs no session.
    security: def.access === 'public' ? [] : [{ session: [] }],
    ...(def.access === 'admin' ? { description: 'Nur für Admins.' } : {}),
    ...(def.access === 'staff' ? { description: 'Für Admins und Moderatoren.' } : {}),
    request,
    responses,
  });
}

/**
 * Registers one route on the router and in the OpenAPI document from the same zod schemas.
 * The handler gets parsed, typed input; bodies are strict objects, so unknown keys are 400.
 */
export function route<P extends AnyObject, Q extends AnyObject, B extends z.ZodType, A extends Access>(
  routes: Routes,
  def: RouteDef<P, Q, B, A>,
  handler: (input: RouteInput<z.infer<P>, z.infer<Q>, z.infer<B>, A>, req: Request, res: Response) => unknown,
): void {
  if (!def.undocumented) document(routes.openapi, def as unknown as RouteDef<AnyObject, AnyObject, z.ZodType>);
  if (def.authorize === undefined && ownsWhatThePathNames(def))
    throw new Error(`route ${def.method} ${def.path}: a write with a body on a record in the path needs authorize (or authorize: false, with the reason)`);
  const guards: RequestHandler[] =
    def.access === 'user' ? [requireUser] : def.access === 'admin' ? [requireRole('admin')] : def.access === 'staff' ? [requireRole('admin', 'moderator')] : [];
  // The house order (docs/architecture.md, "Order of the checks"): 401 → the path's ids (400) → authorize
  // (403/404) → rate limits and uploads → query and body (400/422) → the handler's own rules.
  const readParams: RequestHandler = (req, res, next) => {
    res.locals[PARAMS] = parse(def.params, req.params);
    next();
  };
  const authorize = def.authorize;
  const checkAccess: RequestHandler[] = authorize
    ? [
        async (req, res, next) => {
          await authorize({ params: res.locals[PARAMS] as z.infer<P>, actor: req.user as CallerOf<A> }, req);
          next();
        },
      ]
    : [];
  const readBody = def.body ? [def.jsonMaxValues ? jsonBodyReader(def.jsonMaxValues) : jsonBody] : [];
  // One layer for the whole chain (series.ts): the router walks one handler instead of five or more.
  routes.router[def.method](
    def.path,
    series([
      ...guards,
      ...(def.guards ?? []),
      readParams,
      ...checkAccess,
      ...(def.before ?? []),
      ...readBody,
      ...(def.idempotent ? [def.idempotent.middleware(`${def.method.toUpperCase()} ${def.path}`)] : []),
      // Not async: a handler that answers at once (a session, a count) then costs no promise and no microtask turn;
      // series.ts hands a throw here, or the rejection of the handler's promise, to the error handler alike.
      (req: Request, res: Response) => {
        // The guards above let no request without a user through to a non-public handler.
        const actor = req.user ?? null;
        if (def.access !== 'public' && !actor) throw new Error(`route ${def.method} ${def.path}: guard let a request without a user through`);
        // Express 5 parses the query string anew on every read of req.query: read it once, and not at all without one.
        const query = req.url.includes('?') ? req.query : {};
        assertNoControlCharacters(query);
        if (def.body) assertNoControlCharacters(req.body);
        const input = {
          params: res.locals[PARAMS],
          query: parse(def.query, query),
          body: parse(def.body, req.body ?? {}),
          actor,
        } as RouteInput<z.infer<P>, z.infer<Q>, z.infer<B>, A>;
        return handler(input, req, res);
      },
    ]),
  );
}

/** Where the parsed path params wait for the handler (res.locals is per request). */
const PARAMS = 'routeParams';

/** A user's write that takes a body and names a record in its path: whose record it is must be settled first. */
function ownsWhatThePathNames(def: { method: Method; path: string; access: Access; body?: unknown; multipart?: unknown }): boolean {
  return def.access === 'user' && def.method !== 'get' && /:\w/.test(def.path) && (def.body !== undefined || def.multipart !== undefined);
}
