import { CARE_KIND_LABELS } from '#shared/labels.js';
import type { CARE_KINDS } from './care.schemas.js';

export const CARE_KIND_DE: Record<(typeof CARE_KINDS)[number], string> = CARE_KIND_LABELS;

/** What a routine is called in reminders and on the dashboard: its own name for a custom one. */
export function careTitle(kind: string, label: string | null): string {
  if (kind === 'custom' && label) return label;
  return CARE_KIND_DE[kind as keyof typeof CARE_KIND_DE] ?? 'Pflege';
}
