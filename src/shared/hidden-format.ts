/**
 * Bidirectional controls and invisible format characters: they reorder or hide what a text shows, so a name
 * "\u202EnimdA" reads "Admin" and a dog "Anna\u202Egnp.exe" reads "Annaexe.png". Names and titles others see refuse
 * them (the server's schema kit, core/http/route/text-rules.ts); names stored before that rule are shown without them
 * (the client, core/api.ts). Plain data without imports, so both halves take the one list.
 *
 * - bidi: U+061C Arabic letter mark, U+200E/U+200F left-to-right and right-to-left marks, U+202A–U+202E embeddings
 *   and overrides, U+2066–U+2069 isolates;
 * - invisible: U+200B–U+200D zero-width space, non-joiner and joiner, U+2060–U+2064 word joiner and invisible
 *   operators, U+206A–U+206F the deprecated shaping controls, U+FEFF the zero-width no-break space (byte order mark).
 *
 * One exception: a zero-width joiner between two emoji makes one emoji of them (🐕‍🦺 service dog, 👩🏽‍💻, ❤️‍🔥) and
 * hides nothing, so it stays.
 */
export const HIDDEN_FORMAT_CLASS = '\\u061C\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u206F\\uFEFF';

/** The pictograph before a joiner may carry a skin tone (an emoji modifier), and either may carry U+FE0F. */
export const EMOJI_BEFORE_JOINER = '[\\p{Extended_Pictographic}\\p{Emoji_Modifier}]\\uFE0F?';
export const EMOJI_AFTER_JOINER = '\\p{Extended_Pictographic}';

/**
 * The fields that hold a name or title others see, by their JSON name: `name`, `title` and every `*_name` and
 * `*_title` (`dog_name`, `owner_name`, `author_name`, `place_name`, `latest_title`, …), a routine's `label`, a
 * person's `city`, a dog's `breed`. The API test walks every request body by this rule; the client cleans these
 * fields in every answer.
 */
export const NAME_FIELD = /(^|_)(name|title)$|^(label|city|breed)$/;

const HIDDEN = new RegExp(`[${HIDDEN_FORMAT_CLASS}]`);
const HIDDEN_EACH = new RegExp(`[${HIDDEN_FORMAT_CLASS}]`, 'g');
const JOINER = '\u200D';
const BEFORE = new RegExp(`^${EMOJI_BEFORE_JOINER}$`, 'u');
const AFTER = new RegExp(`^${EMOJI_AFTER_JOINER}$`, 'u');

/** True when the text holds any of the characters above (an emoji joiner too): a fast test before the work. */
export const hasHiddenFormat = (text: string): boolean => HIDDEN.test(text);

/** The code point that ends at UTF-16 index `end` (a surrogate pair read as one), with where it starts. */
function codePointEndingAt(text: string, end: number): { char: string; start: number } | undefined {
  if (end < 0) return undefined;
  const low = text.charCodeAt(end);
  const start = low >= 0xdc00 && low <= 0xdfff && end > 0 ? end - 1 : end;
  return { char: String.fromCodePoint(text.codePointAt(start)!), start };
}

/** True when the joiner at `at` stands between two emoji (one U+FE0F after the first allowed). */
function joinsEmoji(text: string, at: number): boolean {
  const next = text.codePointAt(at + 1);
  if (next === undefined || !AFTER.test(String.fromCodePoint(next))) return false;
  let before = codePointEndingAt(text, at - 1);
  let selector = '';
  if (before?.char === '\uFE0F') {
    selector = before.char;
    before = codePointEndingAt(text, before.start - 1);
  }
  return before !== undefined && BEFORE.test(before.char + selector);
}

/**
 * The text without its bidi controls and invisible format characters (the emoji joiner kept). Written without
 * lookbehind, which Safari before 16.4 cannot even parse: the client bundle takes this function as it is.
 */
export function withoutHiddenFormat(text: string): string {
  if (!hasHiddenFormat(text)) return text;
  return text.replace(HIDDEN_EACH, (char: string, at: number) => (char === JOINER && joinsEmoji(text, at) ? char : ''));
}
