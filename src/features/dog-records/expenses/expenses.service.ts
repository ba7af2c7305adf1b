import { requireDogAccess } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import { dateInZone, germanDate } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import type { ExportSection } from '#core/export/index.js';
import { euros, germanCsv } from '#core/csv.js';
import { allExpenseRows, yearRows, yearSums } from './expenses.repo.js';
import { CATEGORY_DE, RECURRENCE_DE } from './expenses.labels.js';
import { placeOfUser } from '../../accounts/place/index.js';
import {
  EXPENSE_CATEGORIES,
  type Currency,
  type CurrencySums,
  type ExpenseCategory,
  type ExpenseSummary,
  type ExpenseYearQuery,
  type Recurrence,
} from './expenses.schemas.js';

/** The year asked for (default: this one) and the dog, checked: only the owner sees a dog's expenses. */
async function scopeOf(ctx: AppContext, actor: Actor, query: ExpenseYearQuery) {
  const year = query.year ?? Number(dateInZone(ctx.clock.now(), ctx.config.timeZone).slice(0, 4));
  const dogId = query.dog_id === undefined ? undefined : (await requireDogAccess(ctx.db, actor, query.dog_id, 'manage')).dog_id;
  return { year, dogId };
}

function emptySums(year: number, currency: Currency): CurrencySums {
  const byMonth: Record<string, number> = {};
  for (let m = 1; m <= 12; m++) byMonth[`${year}-${String(m).padStart(2, '0')}`] = 0;
  const byCategory = Object.fromEntries(EXPENSE_CATEGORIES.map((c) => [c, 0])) as Record<ExpenseCategory, number>;
  return { currency, total_cents: 0, by_month: byMonth, by_category: byCategory };
}

/** The year's sums per currency, never added across currencies; the profile's currency first and always there. */
export async function expenseSummary(ctx: AppContext, actor: Actor, query: ExpenseYearQuery): Promise<ExpenseSummary> {
  const { year, dogId } = await scopeOf(ctx, actor, query);
  const main = (await placeOfUser(ctx, actor.id)).currency;
  const sums = new Map<string, CurrencySums>([[main, emptySums(year, main)]]);
  for (const { month, category, currency, cents } of await yearSums(ctx.db, actor.id, year, dogId)) {
    let s = sums.get(currency);
    if (!s) sums.set(currency, (s = emptySums(year, currency as Currency)));
    s.by_month[month] = (s.by_month[month] ?? 0) + cents;
    s.by_category[category] = (s.by_category[category] ?? 0) + cents;
    s.total_cents += cents;
  }
  const first = sums.get(main) ?? emptySums(year, main);
  return { year, currency: main, total_cents: first.total_cents, by_month: first.by_month, by_category: first.by_category, by_currency: [...sums.values()] };
}

export async function expenseCsv(ctx: AppContext, actor: Actor, query: ExpenseYearQuery): Promise<{ csv: string; year: number }> {
  const { year, dogId } = await scopeOf(ctx, actor, query);
  return { csv: toCsv(await yearRows(ctx.db, actor.id, year, dogId)), year };
}

/** Every expense of the user's dogs as `ausgaben.csv` (the data export), the same columns as the yearly CSV. */
export const expensesExport: ExportSection = async (ctx, actor, out) => {
  const rows = await allExpenseRows(ctx.db, actor.id);
  if (rows.length) out.text('', 'ausgaben.csv', toCsv(rows));
};

function toCsv(rows: Awaited<ReturnType<typeof yearRows>>): string {
  return germanCsv(
    ['Datum', 'Hund', 'Kategorie', 'Beschreibung', 'Betrag', 'Währung', 'Wiederkehrend'],
    rows.map((r) => [
      germanDate(r.date),
      r.dog_name,
      CATEGORY_DE[r.category as ExpenseCategory] ?? r.category,
      r.description,
      euros(r.amount_cents),
      r.currency,
      r.template_id !== null ? 'automatisch' : RECURRENCE_DE[r.recurrence as Recurrence] || null,
    ]),
  );
}
