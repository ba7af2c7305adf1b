import { sql } from 'kysely';
import type { Db } from '#core/db/index.js';

export interface TemplateRow {
  id: number;
  dog_id: number;
  date: string;
  amount_cents: number;
  category: string;
  description: string | null;
  recurrence: string;
  currency: string;
}

const TEMPLATE_COLUMNS = ['id', 'dog_id', 'date', 'amount_cents', 'category', 'description', 'recurrence', 'currency'] as const;

/** Recurring templates in id order after `afterId` (the daily job's batches). */
export function templatesAfter(db: Db, afterId: number, limit: number): Promise<TemplateRow[]> {
  return db
    .selectFrom('expenses')
    .select(TEMPLATE_COLUMNS)
    .where('recurrence', 'in', ['monthly', 'quarterly', 'yearly'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The highest occurrence made so far per template (0 when none). */
export async function lastOccurrences(db: Db, templateIds: readonly number[]): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  if (templateIds.length === 0) return map;
  const rows = await db
    .selectFrom('expenses')
    .select(['template_id', (eb) => eb.fn.max('occurrence').as('last')])
    .where('template_id', 'in', [...templateIds])
    .groupBy('template_id')
    .execute();
  for (const r of rows) if (r.template_id !== null) map.set(r.template_id, Number(r.last ?? 0));
  return map;
}

export interface OccurrenceRow {
  template: TemplateRow;
  occurrence: number;
  date: string;
}

/**
 * Inserts occurrences; one that exists already (same template and occurrence: a rerun, or another instance that
 * was faster) is skipped by the unique index. Answers how many rows were new.
 */
export async function insertOccurrences(db: Db, rows: readonly OccurrenceRow[], now: string): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto('expenses')
    .values(
      rows.map(({ template: t, occurrence, date }) => ({
        dog_id: t.dog_id,
        date,
        amount_cents: t.amount_cents,
        category: t.category,
        description: t.description,
        currency: t.currency,
        recurrence: 'none',
        template_id: t.id,
        occurrence,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['template_id', 'occurrence']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/** The expenses of one year, for the owner's dogs or one of them. */
function yearOf(db: Db, ownerId: number, year: number, dogId: number | undefined) {
  let q = db
    .selectFrom('expenses')
    .innerJoin('dogs', 'dogs.id', 'expenses.dog_id')
    .where('dogs.user_id', '=', ownerId)
    .where('expenses.date', '>=', `${year}-01-01`)
    .where('expenses.date', '<=', `${year}-12-31`);
  if (dogId !== undefined) q = q.where('expenses.dog_id', '=', dogId);
  return q;
}

/** Sums per month and category (one grouped query; the service fills the empty months and categories). */
export async function yearSums(db: Db, ownerId: number, year: number, dogId: number | undefined) {
  const month = sql<string>`substr(expenses.date, 1, 7)`;
  const rows = await yearOf(db, ownerId, year, dogId)
    .select([month.as('month'), 'expenses.category', 'expenses.currency', (eb) => eb.fn.sum<number | string>('expenses.amount_cents').as('cents')])
    .groupBy([month, 'expenses.category', 'expenses.currency'])
    .execute();
  return rows.map((r) => ({ month: r.month, category: r.category, currency: r.currency, cents: Number(r.cents) }));
}

/** The year's expenses for the CSV export, oldest first, with the dog's name. */
export function yearRows(db: Db, ownerId: number, year: number, dogId: number | undefined) {
  return withCsvColumns(yearOf(db, ownerId, year, dogId)).execute();
}

/** Every expense of the owner's dogs, oldest first (the data export's ausgaben.csv). */
export function allExpenseRows(db: Db, ownerId: number) {
  return withCsvColumns(db.selectFrom('expenses').innerJoin('dogs', 'dogs.id', 'expenses.dog_id').where('dogs.user_id', '=', ownerId)).execute();
}

function withCsvColumns(q: ReturnType<typeof yearOf>) {
  return q
    .select([
      'expenses.id',
      'expenses.date',
      'expenses.amount_cents',
      'expenses.category',
      'expenses.description',
      'expenses.recurrence',
      'expenses.template_id',
      'expenses.currency',
      'dogs.name as dog_name',
    ])
    .orderBy('expenses.date')
    .orderBy('expenses.id');
}
