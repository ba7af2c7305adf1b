import type { ExpenseCategory, Recurrence } from './expenses.schemas.js';

export const CATEGORY_DE: Record<ExpenseCategory, string> = {
  futter: 'Futter',
  tierarzt: 'Tierarzt',
  versicherung: 'Versicherung',
  hundesteuer: 'Hundesteuer',
  zubehoer: 'Zubehör',
  pflege: 'Pflege',
  training: 'Training',
  betreuung: 'Betreuung',
  sonstiges: 'Sonstiges',
};

export const RECURRENCE_DE: Record<Recurrence, string> = { none: '', monthly: 'monatlich', quarterly: 'vierteljährlich', yearly: 'jährlich' };
