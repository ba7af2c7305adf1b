import type { CARE_KINDS } from './care.schemas.js';

export const CARE_KIND_DE: Record<(typeof CARE_KINDS)[number], string> = {
  tick_flea: 'Zecken- und Flohschutz',
  deworming: 'Entwurmung',
  claws: 'Krallen schneiden',
  coat: 'Fellpflege',
  teeth: 'Zahnpflege',
  ears: 'Ohren reinigen',
  custom: 'Eigene Routine',
};

/** What a routine is called in reminders and on the dashboard: its own name for a custom one. */
export function careTitle(kind: string, label: string | null): string {
  if (kind === 'custom' && label) return label;
  return CARE_KIND_DE[kind as keyof typeof CARE_KIND_DE] ?? 'Pflege';
}
