import { join } from 'node:path';
import type { Request } from 'express';
import { loadOwnedDog } from '../../core/auth/ownership.js';
import type { AppContext } from '../../core/context.js';
import type { Db } from '../../core/db/index.js';
import { badRequest, unauthorized } from '../../core/http/errors.js';
import { processImage } from '../../core/media/images.js';
import { avatarDir, avatarUrlPrefix, dogPhotoDir, dogPhotoUrlPrefix } from '../../core/media/paths.js';
import { commitFiles, discardFiles, newMediaName, removeMediaFiles, stagingDir } from '../../core/media/storage.js';
import { displayName } from '../../core/media/upload.js';

/**
 * Profile pictures: a dog's photo (dogs.photo_url) and the user's avatar (users.avatar_url). One file each,
 * no preview. The new file is written first, then the URL swapped; the old file goes after the swap.
 */

const MAX_SWAP_TRIES = 5;

type Slot = { table: 'dogs'; column: 'photo_url'; id: number } | { table: 'users'; column: 'avatar_url'; id: number };

async function currentUrl(db: Db, slot: Slot): Promise<string | null> {
  const row =
    slot.table === 'dogs'
      ? await db.selectFrom('dogs').select('photo_url as url').where('id', '=', slot.id).executeTakeFirst()
      : await db.selectFrom('users').select('avatar_url as url').where('id', '=', slot.id).executeTakeFirst();
  return row?.url ?? null;
}

/**
 * Sets the URL only if it still is `expected` (compare-and-swap), so two uploads at once never both delete the
 * same old file and leave one new file orphaned. Returns the URL that was replaced.
 */
async function swapUrl(db: Db, slot: Slot, next: string | null, now: string): Promise<{ swapped: boolean; previous: string | null }> {
  for (let i = 0; i < MAX_SWAP_TRIES; i++) {
    const previous = await currentUrl(db, slot);
    const set = { [slot.column]: next, updated_at: now };
    let q = db.updateTable(slot.table).set(set).where('id', '=', slot.id);
    q = previous === null ? q.where(slot.column, 'is', null) : q.where(slot.column, '=', previous);
    const result = await q.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return { swapped: true, previous };
    if (!(await db.selectFrom(slot.table).select('id').where('id', '=', slot.id).executeTakeFirst())) break;
  }
  return { swapped: false, previous: null };
}

async function replaceImage(ctx: AppContext, slot: Slot, file: Express.Multer.File | undefined, dir: string, prefix: string, variant: 'dog-photo' | 'avatar') {
  if (!file) throw badRequest('Bitte wähle ein Foto aus.', { file: 'Bitte wähle ein Foto aus.' });
  let image;
  try {
    image = await processImage(file.path, variant, stagingDir(ctx.config.mediaDir), displayName(file));
  } finally {
    await discardFiles([file.path]);
  }
  const name = `${newMediaName()}.${image.main.ext}`;
  const url = `${prefix}${name}`;
  try {
    await commitFiles([{ from: image.main.path, to: join(dir, name) }]);
  } finally {
    await discardFiles([image.main.path]);
  }
  const { swapped, previous } = await swapUrl(ctx.db, slot, url, ctx.clock.now().toISOString());
  if (!swapped) {
    await removeMediaFiles(ctx.config.mediaDir, [url], ctx.log);
    throw badRequest('Das Foto konnte nicht gespeichert werden. Bitte versuch es noch mal.');
  }
  if (previous) await removeMediaFiles(ctx.config.mediaDir, [previous], ctx.log);
  return url;
}

export async function setDogPhoto(ctx: AppContext, req: Request, dogId: number, file: Express.Multer.File | undefined): Promise<string> {
  if (!req.user) throw unauthorized();
  const dog = await loadOwnedDog(ctx.db, req, dogId);
  const slot: Slot = { table: 'dogs', column: 'photo_url', id: dog.id };
  return replaceImage(ctx, slot, file, dogPhotoDir(ctx.config.mediaDir, dog.user_id, dog.id), dogPhotoUrlPrefix(dog.user_id, dog.id), 'dog-photo');
}

export async function setAvatar(ctx: AppContext, userId: number, file: Express.Multer.File | undefined): Promise<string> {
  const slot: Slot = { table: 'users', column: 'avatar_url', id: userId };
  return replaceImage(ctx, slot, file, avatarDir(ctx.config.mediaDir, userId), avatarUrlPrefix(userId), 'avatar');
}

export async function removeAvatar(ctx: AppContext, userId: number): Promise<void> {
  const { previous } = await swapUrl(ctx.db, { table: 'users', column: 'avatar_url', id: userId }, null, ctx.clock.now().toISOString());
  if (previous) await removeMediaFiles(ctx.config.mediaDir, [previous], ctx.log);
}
