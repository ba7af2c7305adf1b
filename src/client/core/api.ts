import createClient, { createFinalURL, defaultPathSerializer } from 'openapi-fetch';
import type { paths } from '../api/schema.js';
import { ApiError, errorFromBody, offlineError } from './api-error.js';
import type { AnswerOf, Call, Init, InitArgs, Method, PathOf } from './api-types.js';
import { loadResponse, offline, saveResponse } from './offline-cache.js';
import { parseAnswer } from './parse-answer.js';

export { ApiError, errorFromBody, errorMessage, waitMessage } from './api-error.js';
export type { AnswerOf, BodyOf, QueryOf } from './api-types.js';

/**
 * The one way the client talks to the API: openapi-fetch over the generated `paths` (schema.d.ts), so a wrong
 * URL, path parameter, query or body fails `npm run typecheck`. `api.GET('/api/dogs/{dogId}', { params: { path:
 * { dogId } } })` answers the data or throws an ApiError with a German message (api-error.ts); the 401 handler,
 * the offline flag and the cleaning of hidden characters (parse-answer.ts) run for every call.
 */

/** Query string from the set values only (null, undefined and '' are left out), as the app always sent it. */
function serializeQuery(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.set(key, String(value));
  }
  return search.toString();
}

const client = createClient<paths>({ credentials: 'same-origin', headers: { Accept: 'application/json' }, querySerializer: serializeQuery });

interface LooseInit {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
  body?: unknown;
  headers?: Record<string, string>;
}

/** The URL a call goes to (also the key of the offline copy and of prefetched answers). */
export function urlOf(path: string, init: LooseInit = {}): string {
  return createFinalURL(path, { baseUrl: '', params: init.params ?? {}, querySerializer: serializeQuery, pathSerializer: defaultPathSerializer });
}

let unauthorizedHandler: ((path: string) => void) | null = null;
/** The session module registers what happens when the server says the session is gone. */
export function onUnauthorized(handler: (path: string) => void): void {
  unauthorizedHandler = handler;
}
export const unauthorized = (path: string) => unauthorizedHandler?.(path);

function readJson(text: string | undefined): unknown {
  if (!text) return null;
  try {
    return parseAnswer(text);
  } catch {
    return null;
  }
}

/**
 * Sends one request through openapi-fetch. JSON bodies always carry their Content-Type (the server's CSRF guard
 * wants JSON or multipart on every write, with or without a body); a POST without a body sends `{}`. FormData goes
 * as it is (the browser sets the multipart boundary).
 */
export async function send(method: Method, path: string, init: LooseInit = {}): Promise<unknown> {
  const body = init.body === undefined && method === 'post' ? {} : init.body;
  const multipart = body instanceof FormData;
  let result: { data?: unknown; error?: unknown; response: Response };
  try {
    const request = client.request as (method: Method, path: string, init: object) => Promise<typeof result>;
    result = await request(method, path, {
      ...(init as object),
      body,
      parseAs: 'text',
      headers: { ...(multipart ? {} : { 'Content-Type': 'application/json' }), ...init.headers },
      ...(multipart ? { bodySerializer: (form: unknown) => form } : {}),
    });
  } catch {
    throw offlineError();
  }
  const { response } = result;
  if (!response.ok) {
    const error = errorFromBody(response.status, typeof result.error === 'object' ? result.error : null, response.headers.get('Retry-After'));
    if (!error.isOffline) offline.set(false);
    if (response.status === 401) unauthorized(path);
    throw error;
  }
  offline.set(false);
  return readJson(result.data as string | undefined);
}

const typed =
  <M extends Method>(method: M): Call<M> =>
  (path, ...init) =>
    send(method, path, init[0] as LooseInit) as never;

/** The typed calls: `await api.POST('/api/dogs', { body })`. */
export const api = {
  GET: typed('get'),
  POST: typed('post'),
  PATCH: typed('patch'),
  PUT: typed('put'),
  DELETE: typed('delete'),
};
/**
 * A GET described before it runs: for the screens' loaders (useResource), the offline copy and prefetching, which
 * need the URL as a key. `T` is the answer, read from the document.
 */
export interface ApiGet<T> {
  readonly path: string;
  readonly init: LooseInit;
  /** The final URL: the key of the offline copy and of a prefetched answer. */
  readonly key: string;
  /** Only carries the answer's type. */
  readonly answer?: T;
}

/** `useResource(apiGet('/api/dogs/{dogId}', { params: { path: { dogId } } }))`: typed like `api.GET`. */
export function apiGet<P extends PathOf<'get'>, I extends Init<P, 'get'>>(path: P, ...init: InitArgs<I>): ApiGet<AnswerOf<P, 'get'>> {
  const given = (init[0] ?? {}) as LooseInit;
  return { path, init: given, key: urlOf(path, given) };
}

/**
 * A GET whose path is put together from a checked kind (`/api/dogs/{dogId}/${RecordKind}`): for the generic record
 * and map components, whose kind unions (api-types.ts) are what the typecheck holds against the document.
 */
export function kindGet<T>(path: `/api/${string}`, init: LooseInit): ApiGet<T> {
  return { path, init, key: urlOf(path, init) };
}

/** The same GET with more query parameters (the next page's cursor). */
export function withQuery<T>(request: ApiGet<T>, query: Record<string, unknown>): ApiGet<T> {
  const init = { ...request.init, params: { ...request.init.params, query: { ...request.init.params?.query, ...query } } };
  return { path: request.path, init, key: urlOf(request.path, init) };
}

/** A typed link to a GET (a CSV export, a PDF, a download): `<a href={apiHref('/api/expenses/export.csv', …)}>`. */
export function apiHref<P extends PathOf<'get'>, I extends Init<P, 'get'>>(path: P, ...init: InitArgs<I>): string {
  return urlOf(path, (init[0] ?? {}) as LooseInit);
}

/** Runs a described GET. */
export const run = <T>(request: ApiGet<T>): Promise<T> => send('get', request.path, request.init) as Promise<T>;

export interface Loaded<T> {
  data: T;
  /** Set when the data comes from the offline copy: shown read-only with a notice. */
  savedAt: string | null;
}

/** Requests started before their screen mounted (see `prefetch`), each handed out once. */
const prefetched = new Map<string, Promise<unknown>>();
/** The answers among them that have arrived, for a screen that wants to draw them at once (`takePrefetched`). */
const arrived = new Map<string, unknown>();

/**
 * Starts a GET early, e.g. the dashboard's data while the session and the screen's code are still loading, so
 * the requests run side by side instead of one after another. The answer stays in memory until the screen's
 * `getCached` takes it: only then, with the session known, does it go into the offline copy. The promise says
 * when it is there (a screen may wait for several before it draws, so nothing jumps as they come in).
 */
export function prefetch(request: ApiGet<unknown>): Promise<unknown> {
  const path = request.key;
  const known = prefetched.get(path);
  if (known) return known.catch(() => undefined);
  const promise = run(request);
  // Nobody may be waiting (a guest is sent to the login): a failure here must not become an unhandled rejection.
  promise.then(
    (data) => prefetched.get(path) === promise && arrived.set(path, data),
    () => undefined,
  );
  prefetched.set(path, promise);
  // A prefetch that no screen takes within a few seconds is stale; the next visit loads afresh.
  window.setTimeout(() => {
    if (prefetched.get(path) !== promise) return;
    prefetched.delete(path);
    arrived.delete(path);
  }, 10_000);
  return promise.catch(() => undefined);
}

/** Forgets prefetched answers (logout, another account): they belong to the session that asked. */
export function dropPrefetched(): void {
  prefetched.clear();
  arrived.clear();
}

/**
 * A prefetched answer that has already arrived, taken synchronously (so the screen's first paint shows the data,
 * not a spinner that is replaced a frame later and pushes everything below it down); undefined otherwise.
 */
export function takePrefetched<T>(request: ApiGet<T>): Loaded<T> | undefined {
  const path = request.key;
  if (!arrived.has(path)) return undefined;
  const data = arrived.get(path) as T;
  arrived.delete(path);
  prefetched.delete(path);
  saveResponse(path, data);
  return { data, savedAt: null };
}

/** GET that remembers the answer, and falls back to the remembered one while the server is unreachable. */
export function getCached<T>(request: ApiGet<T>): Promise<Loaded<T>> {
  const early = prefetched.get(request.key) as Promise<T> | undefined;
  if (!early) return load(request);
  prefetched.delete(request.key);
  arrived.delete(request.key);
  // A failed prefetch (offline, or still logged out at the time) is simply asked again the normal way.
  return early.then(
    (data) => {
      saveResponse(request.key, data);
      return { data, savedAt: null };
    },
    () => load(request),
  );
}

async function load<T>(request: ApiGet<T>): Promise<Loaded<T>> {
  try {
    const data = await run(request);
    saveResponse(request.key, data);
    return { data, savedAt: null };
  } catch (error) {
    if (error instanceof ApiError && error.isOffline) {
      const cached = loadResponse<T>(request.key);
      if (cached) return cached;
    }
    throw error;
  }
}
