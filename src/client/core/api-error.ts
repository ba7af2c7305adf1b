import { offline } from './offline-cache.js';

/**
 * The client's errors of the API. Errors always arrive as ApiError with a German message and, for
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

export function offlineError(): ApiError {
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
