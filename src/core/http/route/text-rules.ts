import { EMOJI_AFTER_JOINER, EMOJI_BEFORE_JOINER, HIDDEN_FORMAT_CLASS } from '#shared/hidden-format.js';
import { AppError } from './errors.js';

/**
 * Characters no text of ours carries: C0 controls but tab, line feed and carriage return; DEL; C1 controls.
 * A NUL in particular cut SQLite's LIKE short (`q=%00zzzz` matched every user), so every request input is checked
 * once, before validation (route.ts), whatever schema an area wrote.
 */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

const MAX_DEPTH = 40;

/** The path of the first string that holds a control character, or undefined. */
export function findControlCharacter(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return CONTROL.test(value) ? path || 'eingabe' : undefined;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (CONTROL.test(key)) return path ? `${path}.${key.replace(CONTROL, '?')}` : 'eingabe';
    const found = findControlCharacter(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export function assertNoControlCharacters(value: unknown): void {
  const field = findControlCharacter(value);
  if (field) {
    const message = 'Der Text enthält unsichtbare Steuerzeichen. Bitte entferne sie.';
    throw new AppError(400, 'control_characters', message, { [field]: message });
  }
}

/**
 * Characters that show nothing by themselves: format characters (zero-width space and joiners, bidi overrides
 * and isolates, soft hyphen, BOM), combining marks, separators and other white space, and the Hangul fillers.
 */
const INVISIBLE = /[\p{Cf}\p{M}\p{Z}\s\u3164\uFFA0\u115F\u1160]/gu;

/** True when the text shows at least one character (a name of only bidi overrides or zero-width spaces does not). */
export const hasVisibleCharacter = (text: string): boolean => text.replace(INVISIBLE, '').length > 0;

/** Line breaks and tabs belong in long texts only; titles and names are one line. */
export const isSingleLine = (text: string): boolean => !/[\n\r\t]/.test(text);

/**
 * A name or title shows what it says: no bidi control or invisible format character (src/shared/hidden-format.ts:
 * "\u202EnimdA" would read "Admin"), but a zero-width joiner after an emoji and before another (🐕‍🦺). One regex, so
 * the schema kit checks it and the API document carries it as the field's `pattern`: the same source, they cannot
 * drift. A wrong choice between the two alternatives fails at the next character (only the second takes a joiner,
 * and it looks ahead for the emoji instead of taking it), so a long name never backtracks far; no lookbehind, so
 * engines beyond JavaScript's read it too (\p{…} needs the u flag, as JSON Schema patterns are read).
 */
export const SHOWN_AS_WRITTEN = new RegExp(`^(?:[^${HIDDEN_FORMAT_CLASS}]|${EMOJI_BEFORE_JOINER}\\u200D(?=${EMOJI_AFTER_JOINER}))*$`, 'u');

/** Characters as the spec's Limits table counts them: code points, so an emoji (two UTF-16 units) is one. */
export function characterCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character; a lone surrogate counts as one too.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}
