import express, { type RequestHandler, type Router } from 'express';

/**
 * THE route table's router. Express tries a router's layers one after another until one matches, so with ~340
 * routes on one router a request for a late route paid for ~300 failed path matches (about 20 µs of CPU per
 * request, measured). This router keeps the registrations in their order and answers each request from a router
 * that holds only the registrations that can match its path: those whose static start (up to two segments, e.g.
 * `/api/dogs`) equals the request's, those for its first segment alone (`/api/:kind`, `use('/build')`), and those
 * with no static start at all. Order and behaviour are Express's own: each bucket is a plain express.Router that
 * replays the relevant registrations in the order they were made.
 *
 * Buckets exist only for static starts that registrations name, so no request can grow the table.
 */

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

interface Registration {
  method: Method | 'use';
  path: string;
  handlers: RequestHandler[];
  /** The static segments the path starts with, lower-cased (Express matches case-insensitively), at most two. */
  prefix: string[];
}

const DYNAMIC = /[:*?(){}[\]+]/;

/** The leading static segments of a route path: `/api/dogs/:id` → ['api', 'dogs'], `/media/*path` → ['media']. */
export function staticPrefix(path: string): string[] {
  const prefix: string[] = [];
  for (const segment of path.split('/').slice(1, 3)) {
    if (segment === '' || DYNAMIC.test(segment)) break;
    prefix.push(segment.toLowerCase());
  }
  return prefix;
}

/** What areas register routes on (the PrefixRouter in the app; a plain express.Router fits too, e.g. in tests). */
export type RouteTable = Record<Method | 'use', (path: string | string[], ...handlers: RequestHandler[]) => unknown>;

export class PrefixRouter implements RouteTable {
  readonly #registrations: Registration[] = [];
  /** Static starts that registrations name: '' (none), 'api', 'api/dogs', ... */
  readonly #known = new Set<string>(['']);
  readonly #buckets = new Map<string, Router>();

  get = this.#adder('get');
  post = this.#adder('post');
  put = this.#adder('put');
  patch = this.#adder('patch');
  delete = this.#adder('delete');

  use(path: string | string[], ...handlers: RequestHandler[]): this {
    for (const p of [path].flat()) this.#add({ method: 'use', path: p, handlers, prefix: staticPrefix(p) });
    return this;
  }

  /** The middleware that dispatches each request to its bucket. */
  readonly handle: RequestHandler = (req, res, next) => {
    this.#bucketFor(req.path)(req, res, next);
  };

  #adder(method: Method) {
    // Several paths for one handler (`['/app', '/app/*route']`) are registered one by one, in their order.
    return (path: string | string[], ...handlers: RequestHandler[]): this => {
      for (const p of [path].flat()) this.#add({ method, path: p, handlers, prefix: staticPrefix(p) });
      return this;
    };
  }

  #add(registration: Registration): void {
    this.#registrations.push(registration);
    for (let depth = 1; depth <= registration.prefix.length; depth++) this.#known.add(registration.prefix.slice(0, depth).join('/'));
    this.#buckets.clear(); // a late registration (tests) rebuilds the buckets on the next request
  }

  #bucketFor(path: string): Router {
    // `/api/dogs/7` gives 'api/dogs', else 'api', else ''; cut out of the path itself (no split, no joined string).
    const lower = path.toLowerCase();
    const firstEnd = lower.indexOf('/', 1);
    const secondEnd = firstEnd === -1 ? -1 : lower.indexOf('/', firstEnd + 1);
    const first = firstEnd === -1 ? lower.slice(1) : lower.slice(1, firstEnd);
    const two = firstEnd === -1 ? `${first}/` : secondEnd === -1 ? lower.slice(1) : lower.slice(1, secondEnd);
    const key = this.#known.has(two) ? two : this.#known.has(first) ? first : '';
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      bucket = this.#build(key);
      this.#buckets.set(key, bucket);
    }
    return bucket;
  }

  /** A router with every registration whose static start is a start of `key`, in registration order. */
  #build(key: string): Router {
    const router = express.Router();
    const segments = key === '' ? [] : key.split('/');
    for (const r of this.#registrations) {
      if (r.prefix.length > segments.length || r.prefix.some((s, i) => s !== segments[i])) continue;
      if (r.method === 'use') router.use(r.path, ...r.handlers);
      else router[r.method](r.path, ...r.handlers);
    }
    return router;
  }
}
