import { breederTexts } from './texts.js';

/** Grams as people type them on a puppy scale: 1 to 100.000, at most one decimal, comma or point ("180,5"). */
const GRAMS = /^\d{1,6}([.,]\d)?$/;

export const parseGrams = (v: string): number => Number(v.trim().replace(',', '.'));

/** The form rule for a grams field (empty is allowed; `required` says otherwise). */
export const gramsRule = (v: string): string | null => {
  if (!v || !v.trim()) return null;
  const g = parseGrams(v);
  return GRAMS.test(v.trim()) && g >= 1 && g <= 100_000 ? null : breederTexts.gramsInvalid;
};
