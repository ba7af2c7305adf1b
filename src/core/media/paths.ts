import { join } from 'node:path';

/**
 * Every file a user owns lives below media/u/<userId>/ and is served as /media/u/<userId>/<name>.
 * Deleting an account removes that one folder, so no file can be orphaned by it.
 */
export function userMediaDir(mediaDir: string, userId: number): string {
  return join(mediaDir, 'u', String(userId));
}

export function userMediaUrlPrefix(userId: number): string {
  return `/media/u/${userId}/`;
}
