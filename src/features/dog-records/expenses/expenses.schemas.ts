import { z } from 'zod';
import { CalendarDate, Id, LIMITS, optionalText } from '#core/http/route/schema-kit.js';

/** Decisions, Per-dog records: the categories and recurrences of an expense. */
export const EXPENSE_CATEGORIES = ['futter', 'tierarzt', 'versicherung', 'hundesteuer', 'zubehoer', 'pflege', 'training', 'betreuung', 'sonstiges'] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const RECURRENCES = ['none', 'monthly', 'quarterly', 'yearly'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

export const CURRENCIES = ['EUR', 'CHF'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** One million euros: far above any dog expense, far below what a 32-bit column holds. */
const MAX_AMOUNT_CENTS = 100_000_000;

export const ExpenseFields = z.strictObject({
  date: CalendarDate.meta({ description: 'Tag der Ausgabe (bei wiederkehrenden: der erste), nicht in der Zukunft' }),
  amount_cents: z.number().int().min(1).max(MAX_AMOUNT_CENTS).meta({ description: 'Betrag in Cent, größer als 0' }),
  category: z.enum(EXPENSE_CATEGORIES),
  description: optionalText(LIMITS.body),
  currency: z.enum(CURRENCIES).optional().meta({ description: 'EUR oder CHF; ohne Angabe die Währung des Landes im Profil (Schweiz: CHF)' }),
  recurrence: z
    .enum(RECURRENCES)
    .default('none')
    .meta({ description: 'none, monthly, quarterly oder yearly: wiederkehrende Ausgaben legt ein täglicher Job an' }),
});
export const Expense = z
  .object({
    id: z.number().int(),
    dog_id: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
    date: z.string(),
    amount_cents: z.number().int(),
    category: z.enum(EXPENSE_CATEGORIES),
    description: z.string().nullable(),
    recurrence: z.enum(RECURRENCES),
    template_id: z.number().int().nullable().meta({ description: 'Die wiederkehrende Ausgabe, aus der diese entstand' }),
    occurrence: z.number().int().nullable(),
    currency: z.enum(CURRENCIES),
  })
  .meta({ id: 'Expense' });
export type Expense = z.infer<typeof Expense>;

export const ExpenseYearQuery = z.strictObject({
  year: z.coerce.number().int().min(2000).max(2100).optional().meta({ description: 'Jahr (Standard: das laufende)' }),
  dog_id: Id.optional().meta({ description: 'Nur dieser Hund (Standard: alle eigenen Hunde)' }),
});
export type ExpenseYearQuery = z.infer<typeof ExpenseYearQuery>;

const sums = {
  total_cents: z.number().int(),
  by_month: z.record(z.string(), z.number().int()).meta({ description: '"YYYY-MM" → Cent, alle zwölf Monate' }),
  by_category: z.record(z.string(), z.number().int()).meta({ description: 'Kategorie → Cent, alle Kategorien' }),
};
export const CurrencySums = z.object({ currency: z.enum(CURRENCIES), ...sums }).meta({ id: 'ExpenseCurrencySums' });
export type CurrencySums = z.infer<typeof CurrencySums>;

/**
 * The top-level sums are those in `currency`, the profile's (EUR unless the user lives in Switzerland); amounts
 * in two currencies are never added up: `by_currency` has each one that occurs (the profile's always first).
 */
export const ExpenseSummary = z
  .object({
    year: z.number().int(),
    currency: z.enum(CURRENCIES),
    ...sums,
    by_currency: z.array(CurrencySums),
  })
  .meta({ id: 'ExpenseSummary' });
export type ExpenseSummary = z.infer<typeof ExpenseSummary>;
