import { loadResponse, offline, saveResponse } from './offline-cache.js';
import { parseAnswer } from './parse-answer.js';

/**
 * The one way the client talks to the API. Errors always arrive as ApiError with a German message and, for
 * validation problems, German messages per form field (the server's `{ error: { code, message, fields } }`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server could not be reached at all (no network, server down, offline answer of the worker). */
  get isOffline(): boolean {
    return this.code === 'offline';
  }
}

/** What to show for a failed action: the server's German message, or what the thrown thing says. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : String(error);
}

/** Used when the body carries no usable German message (a proxy's HTML page, an empty 502, …). */
const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bitte prüfe deine Eingaben.',
  401: 'Bitte melde dich an.',
  403: 'Dafür hast du keine Berechtigung.',
  404: 'Das gibt es nicht (mehr).',
  409: 'Das passt gerade nicht zusammen. Lade die Seite neu und versuch es noch mal.',
  413: 'Das ist zu groß (höchstens 20 MB auf einmal).',
  415: 'Dieses Dateiformat geht leider nicht. Nimm JPEG, PNG, WebP oder HEIC.',
  422: 'Ein Feld ist zu lang.',
  429: 'Das waren zu viele Versuche. Bitte warte kurz.',
};
const FALLBACK_MESSAGE = 'Da ist etwas schiefgelaufen. Bitte versuch es später noch mal.';
export const OFFLINE_MESSAGE = 'Keine Verbindung zum Server. Prüf dein Internet und versuch es gleich noch mal.';

/** Status codes that mean "the server is not there" rather than "the server said no". */
const UNREACHABLE = new Set([502, 503, 504]);

function offlineError(): ApiError {
  offline.set(true);
  return new ApiError(0, 'offline', OFFLINE_MESSAGE);
}

function retryAfter(header: string | null): number | null {
  const seconds = header ? Number(header) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/**
 * German text for a rate limit, with the waiting time the server sent, in the unit a person would use: seconds,
 * minutes, hours (a daily limit waits until midnight), days (a weekly one).
 */
export function waitMessage(seconds: number): string {
  if (seconds < 90) return `Bitte warte ${Math.ceil(seconds)} Sekunden.`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `Bitte warte ${minutes} Minuten.`;
  const hours = Math.ceil(seconds / 3600);
  if (hours < 36) return `Das geht wieder in etwa ${hours} Stunden.`;
  return `Das geht wieder in ${Math.ceil(seconds / 86_400)} Tagen.`;
}

/** A server message that already names the wait (the login lockout's „Bitte warte 15 Minuten …“) gets no second one. */
const saysHowLong = (message: string) => /\bwarte\b|geht wieder/i.test(message);

export function errorFromBody(status: number, body: unknown, retryAfterHeader: string | null = null): ApiError {
  const wait = retryAfter(retryAfterHeader);
  const error = (body as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | null)?.error;
  if (error && typeof error.message === 'string') {
    const fields: Record<string, string> = {};
    if (error.fields && typeof error.fields === 'object') {
      for (const [key, value] of Object.entries(error.fields as Record<string, unknown>)) if (typeof value === 'string') fields[key] = value;
    }
    const message = status === 429 && wait && !saysHowLong(error.message) ? `${error.message} ${waitMessage(wait)}` : error.message;
    return new ApiError(status, typeof error.code === 'string' ? error.code : 'error', message, fields, wait);
  }
  if (UNREACHABLE.has(status)) return offlineError();
  const base = STATUS_MESSAGES[status] ?? FALLBACK_MESSAGE;
  return new ApiError(status, 'error', status === 429 && wait ? `${base} ${waitMessage(wait)}` : base, {}, wait);
}

let unauthorizedHandler: ((path: string) => void) | null = null;
/** The session module registers what happens when the server says the session is gone. */
export function onUnauthorized(handler: (path: string) => void): void {
  unauthorizedHandler = handler;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return parseAnswer(text);
  } catch {
    return null;
  }
}

export async function request<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  /** Extra headers (the offline queue's Idempotency-Key). */
  headers: Record<string, string> = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw offlineError();
  }
  const data = await readJson(res);
  if (!res.ok) {
    const error = errorFromBody(res.status, data, res.headers.get('Retry-After'));
    if (!error.isOffline) offline.set(false);
    if (res.status === 401) unauthorizedHandler?.(path);
    throw error;
  }
  offline.set(false);
  return data as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  del: <T = void>(path: string, body?: unknown) => request<T>('DELETE', path, body),
};

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
export function prefetch(path: string): Promise<unknown> {
  const known = prefetched.get(path);
  if (known) return known.catch(() => undefined);
  const promise = api.get<unknown>(path);
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
export function takePrefetched<T>(path: string): Loaded<T> | undefined {
  if (!arrived.has(path)) return undefined;
  const data = arrived.get(path) as T;
  arrived.delete(path);
  prefetched.delete(path);
  saveResponse(path, data);
  return { data, savedAt: null };
}

/** GET that remembers the answer, and falls back to the remembered one while the server is unreachable. */
export function getCached<T>(path: string): Promise<Loaded<T>> {
  const early = prefetched.get(path) as Promise<T> | undefined;
  if (!early) return load<T>(path);
  prefetched.delete(path);
  arrived.delete(path);
  // A failed prefetch (offline, or still logged out at the time) is simply asked again the normal way.
  return early.then(
    (data) => {
      saveResponse(path, data);
      return { data, savedAt: null };
    },
    () => load<T>(path),
  );
}

async function load<T>(path: string): Promise<Loaded<T>> {
  try {
    const data = await api.get<T>(path);
    saveResponse(path, data);
    return { data, savedAt: null };
  } catch (error) {
    if (error instanceof ApiError && error.isOffline) {
      const cached = loadResponse<T>(path);
      if (cached) return cached;
    }
    throw error;
  }
}

/**
 * Multipart upload through XMLHttpRequest, because fetch cannot report upload progress.
 * `onProgress` gets 0…1; the promise settles with the parsed answer or an ApiError.
 */
export function upload<T>(path: string, form: FormData, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? parseAnswer(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        offline.set(false);
        onProgress(1);
        resolve(data as T);
        return;
      }
      if (xhr.status === 401) unauthorizedHandler?.(path);
      reject(errorFromBody(xhr.status, data, xhr.getResponseHeader('Retry-After')));
    };
    xhr.onerror = () => reject(offlineError());
    xhr.onabort = () => reject(new ApiError(0, 'aborted', 'Upload abgebrochen.'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** Query string from the set values only: `query({ dog_id: 3, cursor: null })` → `?dog_id=3`. */
export function query(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== null && value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
