import { requireDogAccess } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { avatarUrlPrefix, dogPhotoUrlPrefix } from '#core/media/paths.js';
import { clearImage, replaceImage, type ImageSlot } from '#core/media/replace-image.js';
import { findUserById, swapAvatarUrl } from '../accounts/index.js';
import { findDog, swapDogPhotoUrl } from '../../dog-records/dogs/index.js';

/**
 * Profile pictures: a dog's photo (dogs.photo_url) and the user's avatar (users.avatar_url). One file each,
 * no preview (core/media/replace-image). The rows belong to the dogs and accounts areas: their repos read and
 * compare-and-swap the URL.
 */

const dogSlot = (dogId: number): ImageSlot => ({
  read: (db) => findDog(db, dogId).then((dog) => dog && { url: dog.photo_url }),
  swap: (db, expected, next, now) => swapDogPhotoUrl(db, dogId, expected, next, now),
});

const avatarSlot = (userId: number): ImageSlot => ({
  read: (db) => findUserById(db, userId).then((user) => user && { url: user.avatar_url }),
  swap: (db, expected, next, now) => swapAvatarUrl(db, userId, expected, next, now),
});

/** The dog's photo: changing it is managing the dog. The file lies in the owner's folder, whoever uploads. */
export async function setDogPhoto(ctx: AppContext, actor: Actor, dogId: number, file: Express.Multer.File | undefined): Promise<string> {
  const dog = await requireDogAccess(ctx.db, actor, dogId, 'manage');
  return replaceImage(ctx, dogSlot(dog.dog_id), file, {
    urlPrefix: dogPhotoUrlPrefix(dog.owner_id, dog.dog_id),
    variant: 'dog-photo',
  });
}

export async function setAvatar(ctx: AppContext, actor: Actor, file: Express.Multer.File | undefined): Promise<string> {
  return replaceImage(ctx, avatarSlot(actor.id), file, {
    urlPrefix: avatarUrlPrefix(actor.id),
    variant: 'avatar',
  });
}

export async function removeAvatar(ctx: AppContext, actor: Actor): Promise<void> {
  await clearImage(ctx, avatarSlot(actor.id));
}
