import type { z } from 'zod';
import { AppError } from './errors.js';

/** The schema's own (German) message, if it set one; zod's built-in fallbacks are English and start with "Invalid". */
function ownMessage(issue: z.core.$ZodIssue): string | undefined {
  return issue.message && !/^Invalid\b/.test(issue.message) ? issue.message : undefined;
}

/** German text for one zod issue, short and friendly. */
function germanIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_big':
      return issue.origin === 'string' ? `Höchstens ${String(issue.maximum)} Zeichen.` : `Höchstens ${String(issue.maximum)}.`;
    case 'too_small':
      return issue.origin === 'string'
        ? Number(issue.minimum) <= 1
          ? 'Bitte ausfüllen.'
          : `Mindestens ${String(issue.minimum)} Zeichen.`
        : `Mindestens ${String(issue.minimum)}.`;
    case 'invalid_type':
      return issue.input === undefined ? 'Bitte ausfüllen.' : 'Ungültiger Wert.';
    case 'invalid_format':
      if (issue.format === 'email') return 'Bitte gib eine gültige E-Mail-Adresse ein.';
      return ownMessage(issue) ?? 'Ungültiges Format.';
    case 'unrecognized_keys':
      return `Unbekanntes Feld: ${issue.keys.join(', ')}`;
    case 'custom':
      return ownMessage(issue) ?? 'Ungültiger Wert.';
    default:
      return 'Ungültiger Wert.';
  }
}

/** How many field messages an error body lists at most (the rest is counted in `fields._more`). */
export const MAX_FIELDS = 20;

/**
 * The spec's split: a string over its maximum is 422; every other problem (wrong type, unknown field,
 * missing field) is 400. A mixed batch counts as 400: the request is malformed before it is too long.
 */
export function zodToAppError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  let listed = 0;
  let total = 0;
  // A hostile body can carry a million unknown keys: the answer names the first MAX_FIELDS and counts the rest.
  const add = (key: string, message: string) => {
    if (key in fields) return;
    total++;
    if (listed < MAX_FIELDS) {
      fields[key] = message;
      listed++;
    }
  };
  let onlyTooLong = error.issues.length > 0;
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        if (listed >= MAX_FIELDS) {
          total += issue.keys.length - issue.keys.indexOf(key);
          break;
        }
        add([...issue.path, key].join('.'), 'Unbekanntes Feld.');
      }
    } else {
      add(issue.path.join('.') || '_', germanIssue(issue));
    }
    if (!(issue.code === 'too_big' && issue.origin === 'string')) onlyTooLong = false;
  }
  if (total > listed) fields._more = `Und ${(total - listed).toLocaleString('de-DE')} weitere.`;
  return onlyTooLong
    ? new AppError(422, 'too_long', 'Ein Feld ist zu lang.', fields)
    : new AppError(400, 'validation_failed', 'Bitte prüfe deine Eingaben.', fields);
}
