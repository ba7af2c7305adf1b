/** Folding of names for sorting and search: lower case, ASCII (é → e, ß → ss, ä → a), no punctuation. */
export function foldName(value: string): string {
  return value
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** German umlauts written out, so "Schaeferhund" finds "Schäferhund" as well as "Schaferhund" does. */
const spelledOut = (name: string) => name.replace(/ä/gi, 'ae').replace(/ö/gi, 'oe').replace(/ü/gi, 'ue');

/** What the list search matches: every name of the breed (and its spelled-out umlaut form), folded, joined by "|". */
export function searchTextOf(names: (string | null | undefined)[]): string {
  const folded = names.filter((n): n is string => !!n).flatMap((n) => [foldName(n), foldName(spelledOut(n))]);
  return [...new Set(folded)].join('|');
}

/** The German display name: the German name where known, else the English one. */
export function displayName(row: { name_de: string | null; name_en: string }): string {
  return row.name_de ?? row.name_en;
}
