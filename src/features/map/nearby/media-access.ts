import { everyLoggedInUser, type MediaRule } from '#core/media/serve.js';
import { MEDIA_NAME_PATTERN } from '#core/media/storage.js';

/** Photos of map items are as public as the items: every logged-in user sees them. */
export const nearbyMediaRules: MediaRule[] = [
  { kind: 'nearby-photo', pattern: new RegExp(`^/media/u/\\d+/nearby/${MEDIA_NAME_PATTERN}\\.webp$`), canRead: everyLoggedInUser },
];
