import { EXPENSE_CATEGORY_LABELS } from '#shared/labels.js';

/** German texts of the expenses (du-form). */
export const expensesTexts = {
  inFuture: 'Das Datum liegt in der Zukunft.',
  expenses: {
    title: 'Ausgaben',
    dog: 'Hund',
    allDogs: 'Alle Hunde',
    year: 'Jahr',
    total: (sum: string, year: number) => `${sum} im Jahr ${year}`,
    perMonth: 'Pro Monat',
    perCategory: 'Nach Kategorie',
    csv: 'Als CSV für Excel',
    section: (name: string) => `Ausgaben für ${name}`,
    date: 'Datum',
    amount: 'Betrag',
    amountInvalid: 'Bitte einen Betrag über 0, z. B. 12,99.',
    currency: 'Währung',
    currencies: [
      { value: '', label: 'wie im Profil' },
      { value: 'EUR', label: 'Euro (€)' },
      { value: 'CHF', label: 'Franken (CHF)' },
    ],
    alsoIn: (sum: string) => `dazu ${sum} in anderer Währung (nicht zusammengezählt)`,
    category: 'Kategorie',
    description: 'Beschreibung (optional)',
    recurrence: 'Wiederholung',
    recurrences: { none: 'einmalig', monthly: 'monatlich', quarterly: 'vierteljährlich', yearly: 'jährlich' } as Record<string, string>,
    auto: 'automatisch',
    categories: EXPENSE_CATEGORY_LABELS as Record<string, string>,
    noDogs: 'Leg zuerst einen Hund an.',
    nothing: 'In diesem Jahr noch keine Ausgaben.',
    chartLabel: (year: number) => `Ausgaben pro Monat ${year}`,
  },
};
