import type { CARE_KINDS } from './care.schemas.js';

export const CARE_KIND_DE: Record<(typeof CARE_KINDS)[number], string> = {
  tick_flea: 'Zecken- und Flohschutz',
  claws: 'Krallen schneiden',
  coat: 'Fellpflege',
};
