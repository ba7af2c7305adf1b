import { hasHiddenFormat, NAME_FIELD, withoutHiddenFormat } from '#shared/hidden-format.js';

/**
 * An API answer's JSON, with names and titles shown as they are written. Names stored before the server refused bidi
 * controls and invisible characters (issue 47) keep their text, but the app draws them without those characters:
 * "\u202EnimdA\u202C" shows as "nimdA", not as "Admin".
 *
 * Why here: every answer enters the app through this function (api.ts for requests and uploads, offline-cache.ts for
 * the offline copy, which may predate the rule), so no screen that draws a name can miss it, and it covers every
 * field named like a name or title (NAME_FIELD). Why not on the server: that would scan every JSON answer it sends
 * (several ns per character once a text holds an emoji) for what only old rows need. An answer without any such
 * character (nearly all of them) is parsed as it is, without the reviver.
 */
export function parseAnswer(text: string): unknown {
  if (!hasHiddenFormat(text)) return JSON.parse(text);
  return JSON.parse(text, (key, value: unknown) => (typeof value === 'string' && NAME_FIELD.test(key) ? withoutHiddenFormat(value) : value));
}
