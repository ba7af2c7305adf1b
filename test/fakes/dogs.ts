import type { AppContext } from '../../src/core/context.js';

/** Inserts a dog directly (the dogs area owns the HTTP side). */
export async function insertDog(ctx: AppContext, userId: number, name = 'Bello'): Promise<{ id: number; user_id: number; name: string }> {
  const now = ctx.clock.now().toISOString();
  return ctx.db
    .insertInto('dogs')
    .values({ user_id: userId, name, created_at: now, updated_at: now })
    .returning(['id', 'user_id', 'name'])
    .executeTakeFirstOrThrow();
}
