/** The common combination vaccines (the pack's abbreviation) and the diseases each covers (decisions: Trips abroad). */
export const COMBINATIONS: [string, string][] = [
  ['', 'aus dem Namen erkennen'],
  ['T', 'Tollwut'],
  ['SHPPi', 'SHPPi (Staupe, Hepatitis, Parvovirose, Parainfluenza)'],
  ['SHPPiL4', 'SHPPiL4 (dazu Leptospirose)'],
  ['SHPPiL4T', 'SHPPiL4T (dazu Tollwut)'],
  ['L4', 'L4 (Leptospirose)'],
  ['Pi', 'Zwingerhusten'],
];
import type { RecordBody } from '../../../core/api-types.js';

/** A disease as the vaccination routes name it. */
type Disease = NonNullable<RecordBody<'vaccinations'>['diseases']>[number];

export const COMBINATION_DISEASES: Record<string, Disease[]> = {
  T: ['tollwut'],
  SHPPi: ['staupe', 'hepatitis', 'parvovirose', 'zwingerhusten'],
  SHPPiL4: ['staupe', 'hepatitis', 'parvovirose', 'leptospirose', 'zwingerhusten'],
  SHPPiL4T: ['tollwut', 'staupe', 'hepatitis', 'parvovirose', 'leptospirose', 'zwingerhusten'],
  L4: ['leptospirose'],
  Pi: ['zwingerhusten'],
};
