import { z } from 'zod';
import { badRequest } from './errors.js';
import { LIMITS } from '#shared/limits.js';
import { characterCount, hasVisibleCharacter, isSingleLine, SHOWN_AS_WRITTEN } from './text-rules.js';

/**
 * The input pieces every area shares, so a rule lives once: ids, id params, flags, calendar dates and texts
 * bounded by the spec's Limits table. Over-long strings are 422 and wrong types 400 (see zod-errors.ts).
 */

/** The spec's Limits table, shared with the client's forms (src/shared/limits.ts). */
export { LIMITS } from '#shared/limits.js';

/** A row id in a path or query: a positive integer that fits a 32-bit column on both engines. */
export const Id = z.coerce.number().int().min(1).max(2_147_483_647);

/** `{ <name>: Id }` for a path such as /api/dogs/:dogId. */
export const idParam = <K extends string>(name: K) => z.object({ [name]: Id } as { [P in K]: typeof Id });

export const IdParam = idParam('id');
export const DogIdParam = idParam('dogId');

/** A flag as clients send it (true/false or 0/1), stored and answered as 0/1. */
export const flagInput = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v): 0 | 1 => (v ? 1 : 0));
/** A flag as the API answers it. */
export const flag = z.union([z.literal(0), z.literal(1)]);

/** A real calendar date (2026-02-30 is refused), written YYYY-MM-DD. */
export const CalendarDate = z.iso.date();

// Texts up to a title's length (names, titles, short fields) are one line, and show what they say (no bidi control
// or invisible format character, text-rules.ts SHOWN_AS_WRITTEN): every name and title others see is made here.
// Longer ones may hold line breaks and tabs (and a right-to-left mark where a writer needs it). Control characters
// are refused for every input in route.ts already.
const SINGLE_LINE_UP_TO = LIMITS.title;
const ONE_LINE = 'Bitte schreib das in eine Zeile.';
const VISIBLE = 'Bitte gib sichtbare Zeichen ein.';
export const HIDDEN_FORMAT_MESSAGE = 'Hier stecken unsichtbare Steuerzeichen drin (z. B. ein Wechsel der Schreibrichtung). Bitte entferne sie.';

/**
 * At most `max` characters, counted as the spec counts them: code points, so 200 emoji fit a 200 limit (zod's own
 * `.max` counts UTF-16 units, two per emoji). The issue is zod's `too_big` for a string, so it stays a 422
 * (zod-errors.ts), and the document's `maxLength` (which JSON Schema counts in code points too) says the same.
 */
function atMostCharacters(max: number) {
  return (schema: z.ZodString) =>
    schema
      .check((ctx) => {
        if (characterCount(ctx.value) > max) ctx.issues.push({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, input: ctx.value });
      })
      .meta({ maxLength: max });
}

/** The checks every kit text shares, on the trimmed string; a short one is one line and shows what it says. */
function boundedText(max: number, min?: number) {
  const trimmed = min === undefined ? z.string().trim() : z.string().trim().min(min);
  const bounded = atMostCharacters(max)(trimmed);
  return max <= SINGLE_LINE_UP_TO ? bounded.refine(isSingleLine, ONE_LINE).regex(SHOWN_AS_WRITTEN, HIDDEN_FORMAT_MESSAGE) : bounded;
}

/** A required text: trimmed, not empty, at most `max` characters, with something to see (not only invisible characters). */
export const requiredText = (max: number) => boundedText(max, 1).refine(hasVisibleCharacter, VISIBLE);

/** An optional text: trimmed; an empty string (or one of invisible characters only) is stored as null. */
export const optionalText = (max: number) =>
  boundedText(max)
    .transform((v) => (hasVisibleCharacter(v) ? v : null))
    .nullable()
    .optional();

/** The patch schema of a create schema: every field optional, still strict (unknown keys → 400). */
export function patchOf<T extends z.ZodObject>(create: T, id: string) {
  return create.partial().strict().meta({ id });
}

/** 400 with a field message when `date` (YYYY-MM-DD) lies after `today` (the app's day, see core/clock). */
export function assertNotInFuture(date: string | null | undefined, today: string, field: string, message = 'Das Datum liegt in der Zukunft.'): void {
  if (date && date > today) throw badRequest(message, { [field]: message });
}
