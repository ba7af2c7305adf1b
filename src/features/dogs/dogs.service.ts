import { rm } from 'node:fs/promises';
import type { Request } from 'express';
import { z } from 'zod';
import { loadOwnedDog } from '../../core/auth/ownership.js';
import { dateInZone } from '../../core/clock.js';
import type { AppContext } from '../../core/context.js';
import { badRequest, notFound, unauthorized } from '../../core/http/errors.js';
import { decodeCursor, toPage } from '../../core/http/pagination.js';
import { dogMediaDir } from '../../core/media/paths.js';
import { activatePendingFounder } from '../partner/index.js';
import { deleteDog, findDog, insertDog, listDogs, updateDog } from './dogs.repo.js';
import type { CreateDogBody, Dog, UpdateDogBody } from './dogs.schemas.js';

const DogCursor = z.object({ id: z.number().int() });

function assertNotInFuture(ctx: AppContext, birthDate: string | null | undefined): void {
  if (birthDate && birthDate > dateInZone(ctx.clock.now(), ctx.config.timeZone))
    throw badRequest('Das Geburtsdatum liegt in der Zukunft.', { birth_date: 'Das Geburtsdatum liegt in der Zukunft.' });
}

/**
 * Creates the dog and, for a founder-pending owner, activates the license in the same transaction
 * (spec, States and transitions: pending → founder on the first dog).
 */
export async function createDog(ctx: AppContext, userId: number, body: CreateDogBody): Promise<Dog> {
  assertNotInFuture(ctx, body.birth_date);
  const now = ctx.clock.now().toISOString();
  const { dog, founderNumber } = await ctx.db.transaction().execute(async (trx) => {
    // Activation first: it locks the user row before the dog's foreign-key check takes a shared lock on it.
    // The other order deadlocks on PostgreSQL when two dogs are created at once (each holds the shared lock the
    // other's founder_number update must wait for). A failed insert rolls the activation back.
    const activated = await activatePendingFounder(trx, userId, now);
    return { dog: await insertDog(trx, { ...body, user_id: userId, created_at: now, updated_at: now }), founderNumber: activated };
  });
  if (founderNumber !== null) ctx.log.info({ userId, founderNumber }, 'founder license activated by first dog');
  return dog;
}

export async function listOwnDogs(ctx: AppContext, userId: number, query: { limit: number; cursor?: string | undefined }) {
  const after = decodeCursor(query.cursor, DogCursor);
  const rows = await listDogs(ctx.db, userId, query.limit + 1, after?.id);
  return toPage(rows, query.limit, (d) => ({ id: d.id }), (d) => d);
}

/** Loads a dog the caller owns: missing → 404, another user's → 403. */
export async function getOwnedDog(ctx: AppContext, req: Request, dogId: number): Promise<Dog> {
  await loadOwnedDog(ctx.db, req, dogId);
  const dog = await findDog(ctx.db, dogId);
  if (!dog) throw notFound('Diesen Hund gibt es nicht.');
  return dog;
}

export async function changeDog(ctx: AppContext, req: Request, dogId: number, body: UpdateDogBody): Promise<Dog> {
  await loadOwnedDog(ctx.db, req, dogId);
  assertNotInFuture(ctx, body.birth_date);
  const dog = await updateDog(ctx.db, dogId, { ...body, updated_at: ctx.clock.now().toISOString() });
  if (!dog) throw notFound('Diesen Hund gibt es nicht.');
  return dog;
}

/** The row goes first (its records follow by ON DELETE CASCADE), then the dog's folder, after the commit. */
export async function removeDog(ctx: AppContext, req: Request, dogId: number): Promise<void> {
  if (!req.user) throw unauthorized();
  const dog = await loadOwnedDog(ctx.db, req, dogId);
  if (!(await deleteDog(ctx.db, dog.id))) throw notFound('Diesen Hund gibt es nicht.');
  const dir = dogMediaDir(ctx.config.mediaDir, dog.user_id, dog.id);
  try {
    await rm(dir, { recursive: true, force: true });
  } catch (err) {
    ctx.log.error({ err, dogId: dog.id }, 'dog folder could not be removed');
  }
}
