import { z } from 'zod';
import { CalendarDate, Id, LIMITS, optionalText } from '../../../core/http/schema-kit.js';

/** Decisions, Per-dog records: the categories and recurrences of an expense. */
export const EXPENSE_CATEGORIES = ['futter', 'tierarzt', 'versicherung', 'hundesteuer', 'zubehoer', 'pflege', 'training', 'betreuung', 'sonstiges'] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const RECURRENCES = ['none', 'monthly', 'quarterly', 'yearly'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

/** One million euros: far above any dog expense, far below what a 32-bit column holds. */
const MAX_AMOUNT_CENTS = 100_000_000;

export const ExpenseFields = z.strictObject({
  date: CalendarDate.meta({ description: 'Tag der Ausgabe (bei wiederkehrenden: der erste), nicht in der Zukunft' }),
  amount_cents: z.number().int().min(1).max(MAX_AMOUNT_CENTS).meta({ description: 'Betrag in Cent, größer als 0' }),
  category: z.enum(EXPENSE_CATEGORIES),
  description: optionalText(LIMITS.body),
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
  })
  .meta({ id: 'Expense' });
export type Expense = z.infer<typeof Expense>;

export const ExpenseYearQuery = z.strictObject({
  year: z.coerce.number().int().min(2000).max(2100).optional().meta({ description: 'Jahr (Standard: das laufende)' }),
  dog_id: Id.optional().meta({ description: 'Nur dieser Hund (Standard: alle eigenen Hunde)' }),
});
export type ExpenseYearQuery = z.infer<typeof ExpenseYearQuery>;

export const ExpenseSummary = z
  .object({
    year: z.number().int(),
    total_cents: z.number().int(),
    by_month: z.record(z.string(), z.number().int()).meta({ description: '"YYYY-MM" → Cent, alle zwölf Monate' }),
    by_category: z.record(z.string(), z.number().int()).meta({ description: 'Kategorie → Cent, alle Kategorien' }),
  })
  .meta({ id: 'ExpenseSummary' });
export type ExpenseSummary = z.infer<typeof ExpenseSummary>;
