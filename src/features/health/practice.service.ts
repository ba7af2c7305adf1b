import { requireDogAccess } from '../../core/auth/ownership.js';
import type { Actor } from '../../core/auth/session-user.js';
import type { AppContext } from '../../core/context.js';
import { notFound } from '../../core/http/errors.js';
import type { VetPractice, VetPracticeBody } from './health.schemas.js';
import { findPractice, upsertPractice } from './practice.repo.js';

/** The dog's vet practice: everyone with access reads it, only the owner sets it. No practice yet → 404. */
export async function getPractice(ctx: AppContext, actor: Actor, dogId: number): Promise<VetPractice> {
  const dog = await requireDogAccess(ctx.db, actor, dogId, 'read');
  const practice = await findPractice(ctx.db, dog.dog_id);
  if (!practice) throw notFound('Für diesen Hund ist noch keine Tierarztpraxis eingetragen.');
  return practice;
}

export async function putPractice(ctx: AppContext, actor: Actor, dogId: number, body: VetPracticeBody): Promise<VetPractice> {
  const dog = await requireDogAccess(ctx.db, actor, dogId, 'manage');
  return upsertPractice(ctx.db, dog.dog_id, body, ctx.clock.now().toISOString());
}
