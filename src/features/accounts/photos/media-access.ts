import { everyLoggedInUser, type MediaRule } from '#core/media/serve.js';
import { MEDIA_NAME_PATTERN } from '#core/media/storage.js';

/** Avatars and dog photos are shown beside posts, friends and profiles: every logged-in user may see them. */
export const photosMediaRules: MediaRule[] = [
  { kind: 'avatar', pattern: new RegExp(`^/media/u/\\d+/avatar/${MEDIA_NAME_PATTERN}\\.webp$`), canRead: everyLoggedInUser },
  { kind: 'dog-photo', pattern: new RegExp(`^/media/u/\\d+/dogs/\\d+/photo/${MEDIA_NAME_PATTERN}\\.webp$`), canRead: everyLoggedInUser },
];
