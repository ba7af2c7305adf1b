import { requireDogAccess } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import { dateInZone } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { trainingDaysOfDogs } from './training.repo.js';
import type { TrainingStreak } from './training.schemas.js';
import { streakOf } from './streak.js';

export async function streakFor(ctx: AppContext, actor: Actor, dogId: number): Promise<TrainingStreak> {
  const dog = await requireDogAccess(ctx.db, actor, dogId, 'read');
  const days = await trainingDaysOfDogs(ctx.db, [dog.dog_id]);
  return streakOf(days.get(dog.dog_id) ?? [], dateInZone(ctx.clock.now(), ctx.config.timeZone));
}
