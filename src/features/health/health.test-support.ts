import type { AppContext } from '../../core/context.js';

/** A dog row for the health tests (the dogs area's API is tested elsewhere). */
export async function buildDog(ctx: AppContext, userId: number, values: { name?: string; chip_number?: string; sex?: string } = {}) {
  const now = ctx.clock.now().toISOString();
  return ctx.db
    .insertInto('dogs')
    .values({ user_id: userId, name: values.name ?? 'Bello', chip_number: values.chip_number ?? null, sex: values.sex ?? null, created_at: now, updated_at: now })
    .returning(['id', 'user_id', 'name'])
    .executeTakeFirstOrThrow();
}
