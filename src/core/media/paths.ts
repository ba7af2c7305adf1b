import { join } from 'node:path';

/**
 * Every file a user owns lives below media/u/<userId>/ and is served as /media/u/<userId>/<…>.
 * Files that belong to one dog (its photo, its diary media) live below media/u/<userId>/dogs/<dogId>/.
 * Deleting an account removes the user folder, deleting a dog removes the dog folder: no orphaned files.
 */
export function userMediaDir(mediaDir: string, userId: number): string {
  return join(mediaDir, 'u', String(userId));
}

export function dogMediaDir(mediaDir: string, userId: number, dogId: number): string {
  return join(userMediaDir(mediaDir, userId), 'dogs', String(dogId));
}

export function userMediaUrlPrefix(userId: number): string {
  return `/media/u/${userId}/`;
}

export function dogMediaUrlPrefix(userId: number, dogId: number): string {
  return `/media/u/${userId}/dogs/${dogId}/`;
}

/** Diary photos and their previews: /media/u/<userId>/dogs/<dogId>/diary/<name>.<ext> (+ <name>_preview.webp). */
export function diaryMediaDir(mediaDir: string, userId: number, dogId: number): string {
  return join(dogMediaDir(mediaDir, userId, dogId), 'diary');
}

export function diaryMediaUrlPrefix(userId: number, dogId: number): string {
  return `${dogMediaUrlPrefix(userId, dogId)}diary/`;
}

/** The dog's profile photo: /media/u/<userId>/dogs/<dogId>/photo/<name>.webp. */
export function dogPhotoDir(mediaDir: string, userId: number, dogId: number): string {
  return join(dogMediaDir(mediaDir, userId, dogId), 'photo');
}

export function dogPhotoUrlPrefix(userId: number, dogId: number): string {
  return `${dogMediaUrlPrefix(userId, dogId)}photo/`;
}

/** The user's avatar: /media/u/<userId>/avatar/<name>.webp. */
export function avatarDir(mediaDir: string, userId: number): string {
  return join(userMediaDir(mediaDir, userId), 'avatar');
}

export function avatarUrlPrefix(userId: number): string {
  return `${userMediaUrlPrefix(userId)}avatar/`;
}

/** A geo item's photo (a lost dog, a poison bait, a playdate …): /media/u/<userId>/nearby/<name>.webp. */
export function geoItemPhotoDir(mediaDir: string, userId: number): string {
  return join(userMediaDir(mediaDir, userId), 'nearby');
}

export function geoItemPhotoUrlPrefix(userId: number): string {
  return `${userMediaUrlPrefix(userId)}nearby/`;
}
