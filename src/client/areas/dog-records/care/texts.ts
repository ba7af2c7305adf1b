import { CARE_KIND_LABELS } from '#shared/labels.js';

/** German texts of the care routines (du-form). */
export const careTexts = {
  inFuture: 'Das Datum liegt in der Zukunft.',
  care: {
    title: (name: string) => `Pflege: ${name}`,
    fallback: 'Pflege',
    section: 'Pflegeroutinen',
    kinds: CARE_KIND_LABELS as Record<string, string>,
    label: 'Name der eigenen Routine',
    labelMissing: 'Wie heißt die Routine? (z. B. „Pfoten eincremen“)',
    kind: 'Was',
    interval: 'Alle … Tage',
    intervalRange: 'Bitte eine Zahl von 1 bis 365.',
    lastDone: 'Zuletzt erledigt (optional)',
    product: 'Mittel oder Produkt (optional)',
    done: 'Erledigt',
    queued: (what: string, date: string) => `Pflege erledigt: ${what} am ${date}`,
    queuedShort: 'Gemerkt, wird gesendet, sobald du online bist.',
    doneFor: (what: string) => `${what}: heute erledigt`,
    overdue: (days: number) => `${days} ${days === 1 ? 'Tag' : 'Tage'} überfällig`,
    dueToday: 'heute fällig',
    dueIn: (days: number) => (days === 1 ? 'morgen fällig' : `in ${days} Tagen fällig`),
    never: 'noch nie erledigt',
    every: (n: number) => `alle ${n} Tage`,
    empty: 'Noch keine Routine. Leg zum Beispiel „Zeckenschutz alle 30 Tage“ an.',
  },
};
