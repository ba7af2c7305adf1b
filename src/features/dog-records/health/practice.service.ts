import { requireDogAccess } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import type { VetPractice, VetPracticeBody } from './health.schemas.js';
import { findPractice, upsertPractice } from './practice.repo.js';

/**
 * The dog's vet practice: everyone with access reads it, only the owner sets it. No practice yet → null
 * (200): the dog exists, so 404 stays reserved for a missing dog.
 */
export async function getPractice(ctx: AppContext, actor: Actor, dogId: number): Promise<VetPractice | null> {
  const dog = await requireDogAccess(ctx.db, actor, dogId, 'read');
  return (await findPractice(ctx.db, dog.dog_id)) ?? null;
}

export async function putPractice(ctx: AppContext, actor: Actor, dogId: number, body: VetPracticeBody): Promise<VetPractice> {
  const dog = await requireDogAccess(ctx.db, actor, dogId, 'manage');
  return upsertPractice(ctx.db, dog.dog_id, body, ctx.clock.now().toISOString());
}
