import { join } from 'node:path';
import { requireDogAccess } from '../../core/auth/ownership.js';
import type { Actor } from '../../core/auth/session-user.js';
import type { AppContext } from '../../core/context.js';
import type { Db } from '../../core/db/index.js';
import { badRequest } from '../../core/http/errors.js';
import { processImage } from '../../core/media/images.js';
import { avatarDir, avatarUrlPrefix, dogPhotoDir, dogPhotoUrlPrefix } from '../../core/media/paths.js';
import { commitFiles, discardFiles, newMediaName, removeMediaFiles, stagingDir } from '../../core/media/storage.js';
import { displayName } from '../../core/media/upload.js';
import { findUserById, swapAvatarUrl } from '../accounts/index.js';
import { findDog, swapDogPhotoUrl } from '../dogs/index.js';

/**
 * Profile pictures: a dog's photo (dogs.photo_url) and the user's avatar (users.avatar_url). One file each,
 * no preview. The new file is written first, then the URL swapped; the old file goes after the swap. The rows
 * belong to the dogs and accounts areas: their repos read and compare-and-swap the URL.
 */

const MAX_SWAP_TRIES = 5;

/** Where a picture's URL lives: `read` gives undefined when the row is gone. */
interface Slot {
  read(db: Db): Promise<{ url: string | null } | undefined>;
  swap(db: Db, expected: string | null, next: string | null, now: string): Promise<boolean>;
}

const dogSlot = (dogId: number): Slot => ({
  read: (db) => findDog(db, dogId).then((dog) => dog && { url: dog.photo_url }),
  swap: (db, expected, next, now) => swapDogPhotoUrl(db, dogId, expected, next, now),
});

const avatarSlot = (userId: number): Slot => ({
  read: (db) => findUserById(db, userId).then((user) => user && { url: user.avatar_url }),
  swap: (db, expected, next, now) => swapAvatarUrl(db, userId, expected, next, now),
});

/**
 * Sets the URL only if it still is the one read (compare-and-swap), so two uploads at once never both delete the
 * same old file and leave one new file orphaned. Returns the URL that was replaced.
 */
async function swapUrl(db: Db, slot: Slot, next: string | null, now: string): Promise<{ swapped: boolean; previous: string | null }> {
  for (let i = 0; i < MAX_SWAP_TRIES; i++) {
    const current = await slot.read(db);
    if (!current) break;
    if (await slot.swap(db, current.url, next, now)) return { swapped: true, previous: current.url };
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

/** The dog's photo: changing it is managing the dog. The file lies in the owner's folder, whoever uploads. */
export async function setDogPhoto(ctx: AppContext, actor: Actor, dogId: number, file: Express.Multer.File | undefined): Promise<string> {
  const dog = await requireDogAccess(ctx.db, actor, dogId, 'manage');
  return replaceImage(
    ctx,
    dogSlot(dog.dog_id),
    file,
    dogPhotoDir(ctx.config.mediaDir, dog.owner_id, dog.dog_id),
    dogPhotoUrlPrefix(dog.owner_id, dog.dog_id),
    'dog-photo',
  );
}

export async function setAvatar(ctx: AppContext, actor: Actor, file: Express.Multer.File | undefined): Promise<string> {
  return replaceImage(ctx, avatarSlot(actor.id), file, avatarDir(ctx.config.mediaDir, actor.id), avatarUrlPrefix(actor.id), 'avatar');
}

export async function removeAvatar(ctx: AppContext, actor: Actor): Promise<void> {
  const { previous } = await swapUrl(ctx.db, avatarSlot(actor.id), null, ctx.clock.now().toISOString());
  if (previous) await removeMediaFiles(ctx.config.mediaDir, [previous], ctx.log);
}
