import { requireDogAccess } from '../../../core/auth/ownership.js';
import type { Actor } from '../../../core/auth/session-user.js';
import { dateInZone, germanDate } from '../../../core/clock.js';
import type { AppContext } from '../../../core/context.js';
import type { ExportSection } from '../../../core/export/index.js';
import { euros, germanCsv } from '../../../core/csv.js';
import { allExpenseRows, yearRows, yearSums } from './expenses.repo.js';
import { CATEGORY_DE, RECURRENCE_DE } from './expenses.labels.js';
import { EXPENSE_CATEGORIES, type ExpenseCategory, type ExpenseSummary, type ExpenseYearQuery, type Recurrence } from './expenses.schemas.js';

/** The year asked for (default: this one) and the dog, checked: only the owner sees a dog's expenses. */
async function scopeOf(ctx: AppContext, actor: Actor, query: ExpenseYearQuery) {
  const year = query.year ?? Number(dateInZone(ctx.clock.now(), ctx.config.timeZone).slice(0, 4));
  const dogId = query.dog_id === undefined ? undefined : (await requireDogAccess(ctx.db, actor, query.dog_id, 'manage')).dog_id;
  return { year, dogId };
}

export async function expenseSummary(ctx: AppContext, actor: Actor, query: ExpenseYearQuery): Promise<ExpenseSummary> {
  const { year, dogId } = await scopeOf(ctx, actor, query);
  const byMonth: Record<string, number> = {};
  for (let m = 1; m <= 12; m++) byMonth[`${year}-${String(m).padStart(2, '0')}`] = 0;
  const byCategory = Object.fromEntries(EXPENSE_CATEGORIES.map((c) => [c, 0])) as Record<ExpenseCategory, number>;
  let total = 0;
  for (const { month, category, cents } of await yearSums(ctx.db, actor.id, year, dogId)) {
    byMonth[month] = (byMonth[month] ?? 0) + cents;
    byCategory[category as ExpenseCategory] = (byCategory[category as ExpenseCategory] ?? 0) + cents;
    total += cents;
  }
  return { year, total_cents: total, by_month: byMonth, by_category: byCategory };
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
    ['Datum', 'Hund', 'Kategorie', 'Beschreibung', 'Betrag (EUR)', 'Wiederkehrend'],
    rows.map((r) => [
      germanDate(r.date),
      r.dog_name,
      CATEGORY_DE[r.category as ExpenseCategory] ?? r.category,
      r.description,
      euros(r.amount_cents),
      r.template_id !== null ? 'automatisch' : RECURRENCE_DE[r.recurrence as Recurrence] || null,
    ]),
  );
}
