import type { SelectQueryBuilder } from 'kysely';

/**
 * How many rows a query finds: `countOf(db.selectFrom('t').where(…))` in a repo. count(*) comes back as a number
 * from SQLite and as a string from PostgreSQL (a bigint), so the one Number() for both engines lives here.
 */
export async function countOf<DB, TB extends keyof DB>(query: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  // $castTo: TypeScript cannot name the selection of a query whose tables are a type parameter.
  const row = await query
    .select((eb) => eb.fn.countAll().as('n'))
    .$castTo<{ n: number | string | bigint }>()
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
