import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { statusTable } from './status-table.js';
import { route, type Access, type CallerOf, type RouteDef, type RouteInput, type Routes } from './route.js';
import { Id } from './schema-kit.js';

type AnyObject = z.ZodObject;

/** The `:name` segments of an Express path, as a union of their names. */
type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** What a handler gets as params: the route's own schema, or else the path's ids as numbers (see idParamsOf). */
type ParamsOf<Path extends string, P extends AnyObject | undefined> = P extends AnyObject ? z.infer<P> : { [K in PathParamNames<Path>]: number };

/**
 * One documented answer, in the short form: a description alone (no body), `[description, schema]` for JSON, or
 * `[description, schema, contentType]`; the long form `{ description, schema?, contentType? }` is accepted too.
 */
export type ShortResponse = string | [string, z.ZodType] | [string, z.ZodType, string] | { description: string; schema?: z.ZodType; contentType?: string };

/**
 * A route of a group: what route() takes, without what the group or the call already says. `run` returns the body
 * of the success answer; the group writes it with the one 2xx status the responses document (see answer()).
 */
export interface GroupRouteDef<Path extends string, P extends AnyObject | undefined, Q extends AnyObject, B extends z.ZodType, A extends Access> extends Omit<
  RouteDef<AnyObject, Q, B, A>,
  'method' | 'path' | 'summary' | 'tags' | 'access' | 'responses' | 'params' | 'authorize'
> {
  /** See RouteDef.authorize: the 403/404 of what the path names, before the body is read. */
  authorize?: ((input: { params: ParamsOf<Path, P>; actor: CallerOf<A> }, req: Request) => unknown) | false;
  /** Only for params that are not ids: `:id`, `:dogId` and every other `:…Id` are validated as ids without it. */
  params?: P;
  /** Overrides the group's tags or access for this one route. */
  tags?: string[];
  access?: A;
  responses: Record<number, ShortResponse>;
  run: (input: RouteInput<ParamsOf<Path, P>, z.infer<Q>, z.infer<B>, A>, req: Request, res: Response) => unknown;
}

type GroupMethod<GA extends Access> = <
  Path extends string,
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject = AnyObject,
  B extends z.ZodType = z.ZodType,
  A extends Access = GA,
>(
  path: Path,
  summary: string,
  def: GroupRouteDef<Path, P, Q, B, A>,
) => void;

export interface RouteGroup<GA extends Access> {
  get: GroupMethod<GA>;
  post: GroupMethod<GA>;
  put: GroupMethod<GA>;
  patch: GroupMethod<GA>;
  delete: GroupMethod<GA>;
}

function longForm(response: ShortResponse): RouteDef<AnyObject, AnyObject, z.ZodType>['responses'][number] {
  if (typeof response === 'string') return { description: response };
  if (Array.isArray(response)) return { description: response[0], schema: response[1], contentType: response[2] };
  return response;
}

/**
 * The params schema of a path whose params are all ids (`:id`, `:dogId`, `:entryId`, …). Any other param needs
 * its own schema; a route without one fails at start-up, not at the first request.
 */
function idParamsOf(method: string, path: string): AnyObject | undefined {
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  if (!names.length) return undefined;
  const notIds = names.filter((name) => name !== 'id' && !name.endsWith('Id'));
  if (notIds.length) throw new Error(`route ${method} ${path}: :${notIds.join(', :')} is not an id, give the route its params schema`);
  return z.object(Object.fromEntries(names.map((name) => [name, Id])));
}

/** The one success status of a route: a route documents exactly one 2xx answer (a 3xx for redirects). */
function successStatus(method: string, path: string, statuses: number[]): number {
  const success = statuses.filter((s) => s >= 200 && s < 400);
  if (success.length !== 1) throw new Error(`route ${method} ${path}: needs exactly one 2xx or 3xx answer, has ${success.join(', ') || 'none'}`);
  return success[0]!;
}

/**
 * Writes what a handler returned, unless it answered itself (files, streams, redirects, headers of its own):
 * 204 always goes out without a body, any other status as JSON. A handler that returns nothing and sends nothing
 * is a bug, not an empty answer.
 */
function answer(res: Response, status: number, value: unknown, where: string): void {
  if (res.headersSent) return;
  if (status === 204) {
    res.status(204).end();
    return;
  }
  if (value === undefined) throw new Error(`route ${where}: handler returned nothing and sent nothing`);
  res.status(status).json(value);
}

/**
 * The short form of route() for the routes of one area: they share tags and access, each names its method, path
 * and summary in one line, and its handler returns the answer's body. The OpenAPI document is as rich as with
 * route(): every response keeps its description and schema.
 */
export function routeGroup<GA extends Access>(
  routes: Routes,
  shared: { tags: string[]; access: GA; guards?: RequestHandler[]; before?: RequestHandler[] },
): RouteGroup<GA> {
  const method =
    (verb: RouteDef<AnyObject, AnyObject, z.ZodType>['method']): GroupMethod<GA> =>
    (path, summary, def) => {
      const { run, responses, tags, access, params, guards, before, ...rest } = def;
      const long = statusTable(Object.entries(responses).map(([status, r]) => [status, longForm(r)] as const));
      const status = successStatus(verb, path, Object.keys(long).map(Number));
      route(
        routes,
        {
          ...rest,
          method: verb,
          path,
          summary,
          tags: tags ?? shared.tags,
          access: access ?? shared.access,
          params: params ?? idParamsOf(verb, path),
          guards: [...(shared.guards ?? []), ...(guards ?? [])],
          before: [...(shared.before ?? []), ...(before ?? [])],
          responses: long,
        } as RouteDef<AnyObject, AnyObject, z.ZodType, Access>,
        async (input, req, res) => {
          const value = await run(input as Parameters<typeof run>[0], req, res);
          answer(res, status, value, `${verb} ${path}`);
        },
      );
    };
  return { get: method('get'), post: method('post'), put: method('put'), patch: method('patch'), delete: method('delete') };
}
