/**
 * THE file name of a data-export entry made from user text (a dog's name, a route's, a document's title): one flat,
 * readable segment that unpacks safely on Windows, macOS and Linux, whatever the text was. `../../x/y.pdf` is
 * `_.._x_y.pdf`, inside its folder, never two folders up.
 */

/** Bytes of the name before its extension: well below the 255 bytes file systems allow, room for " (12)". */
export const MAX_STEM_BYTES = 100;

/** What a name is called when nothing readable is left of its text ("...", only invisible characters). */
const FALLBACK = 'unbenannt';

/** An extension the code chose (".pdf", ".webp", ".gpx"): kept as it is while the stem is cleaned and cut. */
const EXTENSION = /\.[0-9A-Za-z]{1,8}$/;

/** Names Windows reserves for devices, with any extension ("NUL.pdf" cannot be created there). */
const DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

/** Invisible characters: bidirectional controls that make "gpj.exe" look like "exe.jpg", zero-width spaces. */
const INVISIBLE = /\p{Cf}/gu;
/** Tabs, newlines, line separators and runs of spaces: one space. */
const SPACES = /\s+/gu;
/** A path separator, a character Windows refuses in names, any other control character (NUL). */
const REFUSED = /[/\\<>:"|?*\p{Cc}]/gu;
/** Dots and spaces at either end: a leading dot hides the file, trailing ones Windows drops (two names become one). */
const ENDS = /^[.\s]+|[.\s]+$/g;

/** The first code points of `text` that fit in `bytes` UTF-8 bytes (never half a character). */
function cutToBytes(text: string, bytes: number): string {
  let out = '';
  let used = 0;
  for (const char of text) {
    used += Buffer.byteLength(char, 'utf8');
    if (used > bytes) break;
    out += char;
  }
  return out;
}

function cleanStem(stem: string): string {
  const clean = stem.normalize('NFC').replace(INVISIBLE, '').replace(SPACES, ' ').replace(REFUSED, '_').replace(ENDS, '');
  const cut = cutToBytes(clean, MAX_STEM_BYTES).replace(ENDS, '');
  if (!cut) return FALLBACK;
  return DEVICE.test(cut) ? `${cut}_` : cut;
}

/**
 * `text` as a safe flat file name (see the module comment), unique in `taken` — the names already used in its
 * folder, compared as file systems that ignore case do ("Bello.pdf" and "bello.pdf" are one file there): a second
 * use gets " (2)" before the extension, a third " (3)". The name is added to `taken`.
 */
export function safeFileName(text: string, taken: Set<string>): string {
  const given = EXTENSION.exec(text)?.[0] ?? '';
  const stem = cleanStem(text.slice(0, text.length - given.length));
  const ext = given.toLowerCase();
  let name = `${stem}${ext}`;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem} (${n})${ext}`;
  taken.add(name.toLowerCase());
  return name;
}
