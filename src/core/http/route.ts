import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import { requireRole, requireUser } from '../auth/guards.js';
import { ErrorBody } from './openapi.js';
import { zodToAppError } from './zod-errors.js';

/** Who may call a route: anyone, any logged-in user, admins, or admins and moderators ("staff"). */
export type Access = 'public' | 'user' | 'admin' | 'staff';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
type AnyObject = z.ZodObject;

export interface RouteDef<P extends AnyObject, Q extends AnyObject, B extends z.ZodType> {
  method: Method;
  /** Express path, e.g. /api/dogs/:dogId; the OpenAPI document gets /api/dogs/{dogId}. */
  path: string;
  summary: string;
  tags: string[];
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  /** Multipart routes document their form here; multer runs in `before`. */
  multipart?: z.ZodType;
  /** Runs after the access guard and before input parsing: rate limits, uploads, ownership loaders. */
  before?: RequestHandler[];
  responses: Record<number, { description: string; schema?: z.ZodType; contentType?: string }>;
}

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
}

export interface Routes {
  router: Router;
  openapi: OpenAPIRegistry;
}

function parse<T extends z.ZodType>(schema: T | undefined, value: unknown): z.infer<T> | undefined {
  if (!schema) return undefined;
  // reportInput lets the German messages tell a missing field from a wrong one; the input never leaves the server.
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw zodToAppError(result.error);
  return result.data;
}

const ERROR_STATUSES: Record<Access, number[]> = {
  public: [400],
  user: [400, 401],
  admin: [400, 401, 403],
  staff: [400, 401, 403],
};

function document(openapi: OpenAPIRegistry, def: RouteDef<AnyObject, AnyObject, z.ZodType>): void {
  const responses: RouteConfig['responses'] = {};
  for (const [status, r] of Object.entries(def.responses)) {
    responses[status] = r.schema
      ? { description: r.description, content: { [r.contentType ?? 'application/json']: { schema: r.schema } } }
      : { description: r.description };
  }
  for (const status of ERROR_STATUSES[def.access]) {
    responses[String(status)] ??= { description: 'Fehler', content: { 'application/json': { schema: ErrorBody } } };
  }
  const request: RouteConfig['request'] = {};
  if (def.params) request.params = def.params;
  if (def.query) request.query = def.query;
  if (def.body) request.body = { content: { 'application/json': { schema: def.body } }, required: true };
  if (def.multipart) request.body = { content: { 'multipart/form-data': { schema: def.multipart } }, required: true };
  openapi.registerPath({
    method: def.method,
    path: def.path.replace(/:(\w+)/g, '{$1}'),
    summary: def.summary,
    tags: def.tags,
    ...(def.access === 'public' ? {} : { security: [{ session: [] }] }),
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
export function route<P extends AnyObject, Q extends AnyObject, B extends z.ZodType>(
  routes: Routes,
  def: RouteDef<P, Q, B>,
  handler: (input: RouteInput<z.infer<P>, z.infer<Q>, z.infer<B>>, req: Request, res: Response) => unknown,
): void {
  document(routes.openapi, def as unknown as RouteDef<AnyObject, AnyObject, z.ZodType>);
  const guards: RequestHandler[] =
    def.access === 'user'
      ? [requireUser]
      : def.access === 'admin'
        ? [requireRole('admin')]
        : def.access === 'staff'
          ? [requireRole('admin', 'moderator')]
          : [];
  routes.router[def.method](def.path, ...guards, ...(def.before ?? []), async (req: Request, res: Response) => {
    const input = {
      params: parse(def.params, req.params),
      query: parse(def.query, req.query),
      body: parse(def.body, req.body ?? {}),
    } as RouteInput<z.infer<P>, z.infer<Q>, z.infer<B>>;
    await handler(input, req, res);
  });
}
