import { requireDogAccess } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import { dateInZone } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { AppError, notFound } from '#core/http/route/errors.js';
import { byId, keysetPage, type PageQuery } from '#core/http/route/pagination.js';
import { assertNotInFuture } from '#core/http/route/schema-kit.js';
import { dogMediaUrlPrefix, keyPrefixOf } from '#core/media/paths.js';
import { planLimit } from '#shared/plans.js';
import { lockPlanOf } from '../../accounts/accounts/index.js';
import { activatePendingFounder } from '../../accounts/partner/index.js';
import { countOwnDogs, deleteDog, findDog, insertDog, listDogs, updateDog } from './dogs.repo.js';
import type { CreateDogBody, Dog, UpdateDogBody } from './dogs.schemas.js';

function assertBirthDateNotInFuture(ctx: AppContext, birthDate: string | null | undefined, chipDay?: string | null): void {
  const today = dateInZone(ctx.clock.now(), ctx.config.timeZone);
  assertNotInFuture(birthDate, today, 'birth_date', 'Das Geburtsdatum liegt in der Zukunft.');
  assertNotInFuture(chipDay, today, 'chip_implanted_on', 'Der Chip kann nicht in der Zukunft gesetzt werden.');
}

/**
 * Creates the dog and, for a founder-pending owner, activates the license in the same transaction
 * (spec, States and transitions: pending → founder on the first dog).
 */
export async function createDog(ctx: AppContext, actor: Actor, body: CreateDogBody): Promise<Dog> {
  assertBirthDateNotInFuture(ctx, body.birth_date, body.chip_implanted_on);
  const userId = actor.id;
  const now = ctx.clock.now().toISOString();
  const { dog, founderNumber } = await ctx.db.transaction().execute(async (trx) => {
    // The plan's limit first: the user row's lock makes the count and the insert one step (two dogs created at once
    // cannot both be the last one Free allows).
    const cap = planLimit('dogs', (await lockPlanOf(trx, userId)) ?? actor);
    if (cap !== null && (await countOwnDogs(trx, userId)) >= cap)
      throw new AppError(422, 'too_many_dogs', `Mit Free kannst du bis zu ${cap} Hunde anlegen. Mit Pro sind es unbegrenzt viele.`);
    // Activation next: it locks the user row before the dog's foreign-key check takes a shared lock on it.
    // The other order deadlocks on PostgreSQL when two dogs are created at once (each holds the shared lock the
    // other's founder_number update must wait for). A failed insert rolls the activation back.
    const activated = await activatePendingFounder(trx, userId, now);
    return { dog: await insertDog(trx, { ...body, user_id: userId, created_at: now, updated_at: now }), founderNumber: activated };
  });
  if (founderNumber !== null) ctx.log.info({ userId, founderNumber }, 'founder license activated by first dog');
  return dog;
}

export function listOwnDogs(ctx: AppContext, actor: Actor, query: PageQuery) {
  return keysetPage(query, byId<Dog>(), (take, after) => listDogs(ctx.db, actor.id, take, after?.id));
}

/** A dog the caller may see: missing → 404, no access → 403. */
export async function getDog(ctx: AppContext, actor: Actor, dogId: number): Promise<Dog> {
  await requireDogAccess(ctx.db, actor, dogId, 'read');
  const dog = await findDog(ctx.db, dogId);
  if (!dog) throw notFound('Diesen Hund gibt es nicht.');
  return dog;
}

export async function changeDog(ctx: AppContext, actor: Actor, dogId: number, body: UpdateDogBody): Promise<Dog> {
  await requireDogAccess(ctx.db, actor, dogId, 'manage');
  assertBirthDateNotInFuture(ctx, body.birth_date, body.chip_implanted_on);
  const dog = await updateDog(ctx.db, dogId, { ...body, updated_at: ctx.clock.now().toISOString() });
  if (!dog) throw notFound('Diesen Hund gibt es nicht.');
  return dog;
}

/** The row goes first (its records follow by ON DELETE CASCADE), then the dog's files, after the commit. */
export async function removeDog(ctx: AppContext, actor: Actor, dogId: number): Promise<void> {
  const dog = await requireDogAccess(ctx.db, actor, dogId, 'manage');
  if (!(await deleteDog(ctx.db, dog.dog_id))) throw notFound('Diesen Hund gibt es nicht.');
  try {
    await ctx.media.removePrefix(keyPrefixOf(dogMediaUrlPrefix(dog.owner_id, dog.dog_id)));
  } catch (err) {
    ctx.log.error({ err, dogId: dog.dog_id }, "dog's files could not be removed");
  }
}
