/**
 * The diseases a vaccination protects against (decisions: Trips abroad): codes, derived from the vaccine's text
 * when the owner picks none. `tollwut` makes it a rabies vaccination for the trip check. The combination
 * abbreviations on German vaccine packs (SHPPi, SHPPiL4, DHPPi/L4R, SHPPiLT) are read letter by letter:
 * S/D Staupe, H/A Hepatitis (HCC), P Parvovirose, Pi Parainfluenza (Zwingerhusten), L/L4 Leptospirose, T/R Tollwut.
 */
export const DISEASES = ['tollwut', 'staupe', 'hepatitis', 'parvovirose', 'leptospirose', 'zwingerhusten', 'other'] as const;
export type Disease = (typeof DISEASES)[number];

const WORDS: [RegExp, Disease][] = [
  [/tollwut|rabies|rabisin/i, 'tollwut'],
  [/staupe|distemper/i, 'staupe'],
  [/hepatitis|\bhcc\b/i, 'hepatitis'],
  [/parvo/i, 'parvovirose'],
  [/lepto/i, 'leptospirose'],
  [/zwingerhusten|parainfluenza|bordetella|kennel/i, 'zwingerhusten'],
];
const LETTERS: [string, Disease][] = [
  ['Pi', 'zwingerhusten'],
  ['L4', 'leptospirose'],
  ['A2', 'hepatitis'],
  ['S', 'staupe'],
  ['D', 'staupe'],
  ['H', 'hepatitis'],
  ['A', 'hepatitis'],
  ['P', 'parvovirose'],
  ['L', 'leptospirose'],
  ['T', 'tollwut'],
  ['R', 'tollwut'],
];

/** One abbreviation token ("SHPPiL4"), or null when it is not made only of the letters above (at least 2 characters, "L4"). */
function fromAbbreviation(token: string): Disease[] | null {
  if (token.length < 2) return null;
  const found: Disease[] = [];
  let rest = token;
  while (rest) {
    const hit = LETTERS.find(([l]) => rest.startsWith(l));
    if (!hit) return null;
    found.push(hit[1]);
    rest = rest.slice(hit[0].length);
  }
  return found;
}

export function diseasesFromText(text: string): Disease[] {
  const found = new Set<Disease>();
  for (const [re, code] of WORDS) if (re.test(text)) found.add(code);
  for (const token of text.split(/[^0-9A-Za-z]+/)) for (const d of fromAbbreviation(token) ?? []) found.add(d);
  return DISEASES.filter((d) => found.has(d));
}

/** The stored JSON (a list of codes) as a list; anything else as none. */
export function parseDiseases(stored: unknown): Disease[] {
  if (Array.isArray(stored)) return stored.filter((d): d is Disease => (DISEASES as readonly string[]).includes(d as string));
  if (typeof stored !== 'string') return [];
  try {
    return parseDiseases(JSON.parse(stored));
  } catch {
    return [];
  }
}
