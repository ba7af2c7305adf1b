/**
 * THE way to search with LIKE: a pattern that matches `term` anywhere, with %, _ and \ in the term taken literally
 * (use it with `escape '\'`). Control characters are dropped too: SQLite's LIKE stops at a NUL, so `%\0zzzz%`
 * would match every row (route() refuses them in input already; this keeps a repo safe on its own).
 */
export function containsPattern(term: string): string {
  return `%${likeLiteral(term)}%`;
}

/** `term` as a literal piece of a LIKE pattern (for patterns of one's own, e.g. a word at the start of a name). */
export function likeLiteral(term: string): string {
  const clean = term.replace(/[\u0000-\u001F\u007F-\u009F]/g, '');
  return clean.replace(/[\\%_]/g, (c) => `\\${c}`);
}
