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
