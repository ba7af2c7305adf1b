import pino, { type Logger } from 'pino';

export type { Logger };

/** Paths that must never reach the log, whatever the log level. */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.current_password',
  '*.new_password',
  '*.token',
  '*.jwtSecret',
  '*.privateKey',
  '*.password_hash',
];

/** Receives the text of every log line of level error and above (the error digest counts them). */
export type ErrorListener = (message: string) => void;

const errorListeners = new WeakMap<Logger, { listener: ErrorListener | null }>();
const ERROR_LEVEL = 50;

/** The digest's key for an error line: its message, the job it came from and the error's own message. */
export function errorMessageOf(args: readonly unknown[]): string {
  const [first, second] = args;
  const obj = first && typeof first === 'object' ? (first as { err?: unknown; job?: unknown }) : undefined;
  let message = typeof first === 'string' ? first : typeof second === 'string' ? second : '';
  if (typeof obj?.job === 'string') message += ` (${obj.job})`;
  const err = first instanceof Error ? first : obj?.err instanceof Error ? obj.err : undefined;
  if (err) message = message ? `${message}: ${err.message}` : err.message;
  return (message.trim() || 'Fehler ohne Text').slice(0, 300);
}

/** Calls `listener` for every error line of this logger and its children, whatever the configured level. */
export function onLoggedError(log: Logger, listener: ErrorListener): void {
  const holder = errorListeners.get(log);
  if (holder) holder.listener = listener;
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const holder: { listener: ErrorListener | null } = { listener: null };
  const threshold = level === 'silent' ? Infinity : (pino.levels.values[level] ?? 30);
  // Errors are counted even when the log is quieter than "error" (tests, LOG_LEVEL=fatal): the logger runs at
  // "error" at least, and the hook writes only the lines the configured level allows.
  const logger = pino(
    {
      level: threshold > ERROR_LEVEL ? 'error' : level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      hooks: {
        logMethod(args, method, lineLevel) {
          if (lineLevel >= ERROR_LEVEL && holder.listener) {
            try {
              holder.listener(errorMessageOf(args));
            } catch {
              // counting must never break logging
            }
          }
          if (lineLevel >= threshold) method.apply(this, args);
        },
      },
    },
    destination,
  );
  errorListeners.set(logger, holder);
  return logger;
}
