import { requireDogAccess } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { recentStarts } from './heat.repo.js';
import type { HeatPrediction } from './heat.schemas.js';
import { predictNextStart, PREDICTION_CYCLES } from './prediction.js';

export async function predictionFor(ctx: AppContext, actor: Actor, dogId: number): Promise<HeatPrediction> {
  const dog = await requireDogAccess(ctx.db, actor, dogId, 'read');
  return predictNextStart(await recentStarts(ctx.db, dog.dog_id, PREDICTION_CYCLES));
}
