/**
 * The short excerpt of a search hit with the matched words in <mark> (decisions: Diary search): everything else is
 * escaped, so the client may render it as HTML. Matching is a word-prefix match on case- and accent-folded text, the
 * same the SQLite index does; a hit the German stemmer found in PostgreSQL ("Spaziergänge" for "Spaziergang") may
 * show without a mark.
 */

const WINDOW = 160;
const LEAD = 50;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** One folded character per character (cached: each costs a normalisation and a locale-aware lower-casing). */
const foldCache = new Map<string, string>();
const FOLD_CACHE_MAX = 4096;

function foldChar(c: string): string {
  let f = foldCache.get(c);
  if (f === undefined) {
    const d = c.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('de');
    f = d.length === 1 ? d : c.toLocaleLowerCase('de').slice(0, 1) || c;
    if (foldCache.size < FOLD_CACHE_MAX) foldCache.set(c, f);
  }
  return f;
}

/** One folded character per original character, so positions map back 1:1. */
function fold(text: string): string {
  return Array.from(text, foldChar).join('');
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
const isWordChar = (c: string | undefined) => c !== undefined && WORD_CHAR.test(c);

/** [start, end) of every place a word starts with one of `words`. */
function matches(text: string, words: string[]): [number, number][] {
  const chars = Array.from(text);
  const folded = Array.from(fold(text));
  const targets = words.map((w) => Array.from(fold(w)));
  const found: [number, number][] = [];
  for (let i = 0; i < folded.length; i++) {
    if (isWordChar(folded[i - 1]) || !isWordChar(folded[i])) continue;
    const hit = targets.some((t) => t.every((c, k) => folded[i + k] === c));
    if (!hit) continue;
    // The whole word is marked, not just the typed prefix.
    let end = i + 1;
    while (isWordChar(folded[end])) end++;
    found.push([i, end]);
    i = end - 1;
  }
  return found.filter(([s]) => s < chars.length);
}

function highlight(chars: string[], from: number, to: number, spans: [number, number][]): string {
  let out = '';
  let i = from;
  for (const [s, e] of spans.filter(([s, e]) => e > from && s < to)) {
    const start = Math.max(s, from);
    const end = Math.min(e, to);
    out += escapeHtml(chars.slice(i, start).join('')) + '<mark>' + escapeHtml(chars.slice(start, end).join('')) + '</mark>';
    i = end;
  }
  return out + escapeHtml(chars.slice(i, to).join(''));
}

export function searchExcerpt(title: string | null, text: string, words: string[]): string {
  const source = matches(text, words).length > 0 || !title ? text : title;
  const chars = Array.from(source.replace(/\s+/g, ' ').trim());
  const flat = chars.join('');
  const spans = matches(flat, words);
  const first = spans[0]?.[0] ?? 0;
  const from = Math.max(0, first - LEAD);
  const to = Math.min(chars.length, from + WINDOW);
  return `${from > 0 ? '…' : ''}${highlight(chars, from, to, spans)}${to < chars.length ? '…' : ''}`;
}
