/**
 * Every file a user owns is stored below the key u/<userId>/ and served as /media/u/<userId>/<…>.
 * Files that belong to one dog (its photo, its diary media, its health documents) live below u/<userId>/dogs/<dogId>/.
 * Deleting an account removes the user's prefix, deleting a dog the dog's: no orphaned files.
 */

const MEDIA_ROOT = '/media/';

/** The store prefix of a media URL prefix: `/media/u/3/dogs/7/` → `u/3/dogs/7/`. */
export function keyPrefixOf(urlPrefix: string): string {
  return urlPrefix.slice(MEDIA_ROOT.length);
}

export function userMediaUrlPrefix(userId: number): string {
  return `${MEDIA_ROOT}u/${userId}/`;
}

export function dogMediaUrlPrefix(userId: number, dogId: number): string {
  return `${userMediaUrlPrefix(userId)}dogs/${dogId}/`;
}

/** Diary photos and their previews: /media/u/<userId>/dogs/<dogId>/diary/<name>.<ext> (+ <name>_preview.webp). */
export function diaryMediaUrlPrefix(userId: number, dogId: number): string {
  return `${dogMediaUrlPrefix(userId, dogId)}diary/`;
}

/** The dog's profile photo: /media/u/<userId>/dogs/<dogId>/photo/<name>.webp. */
export function dogPhotoUrlPrefix(userId: number, dogId: number): string {
  return `${dogMediaUrlPrefix(userId, dogId)}photo/`;
}

/** The user's avatar: /media/u/<userId>/avatar/<name>.webp. */
export function avatarUrlPrefix(userId: number): string {
  return `${userMediaUrlPrefix(userId)}avatar/`;
}

/** A geo item's photo (a lost dog, a poison bait, a playdate …): /media/u/<userId>/nearby/<name>.webp. */
export function geoItemPhotoUrlPrefix(userId: number): string {
  return `${userMediaUrlPrefix(userId)}nearby/`;
}

/** A data export's ZIP: key u/<userId>/exports/<file> (never a URL: it is downloaded through its own route). */
export function exportKey(userId: number, file: string): string {
  return `${keyPrefixOf(userMediaUrlPrefix(userId))}${file}`;
}
