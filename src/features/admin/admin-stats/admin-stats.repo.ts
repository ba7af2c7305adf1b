import type { Db } from '#core/db/index.js';
import { countOf } from '#core/db/count.js';

/** The plain counts of the admin statistics (the other areas count their own rows through their index). */

export function countRows(db: Db, table: 'users' | 'dogs' | 'diary_entries'): Promise<number> {
  return countOf(db.selectFrom(table));
}

export async function usersByTier(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('users')
    .select((eb) => ['subscription_tier', eb.fn.countAll<number | string>().as('n')])
    .groupBy('subscription_tier')
    .execute();
  return Object.fromEntries(rows.map((t) => [t.subscription_tier, Number(t.n)]));
}
