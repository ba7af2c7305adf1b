import { requireDogRecord } from '#core/auth/ownership.js';
import { AppError } from '#core/http/route/errors.js';
import type { MediaRule } from '#core/media/serve.js';
import { MEDIA_NAME_PATTERN } from '#core/media/storage.js';
import { MEDIA_WORDING } from './diary.schemas.js';
import { findMediaDogByUrl } from './media.repo.js';

/**
 * Diary photos and previews are private: whoever may read the dog's diary (the ownership module decides, as for
 * the entry routes) sees them; everybody else gets 403, moderators included.
 */
export const diaryMediaRules: MediaRule[] = [
  {
    kind: 'diary',
    pattern: new RegExp(`^/media/u/\\d+/dogs/\\d+/diary/${MEDIA_NAME_PATTERN}(?:_preview\\.webp|\\.jpg|\\.webp)$`),
    async canRead(ctx, user, url) {
      const media = await findMediaDogByUrl(ctx.db, url.endsWith('_preview.webp') ? 'preview_url' : 'url', url);
      if (!media) return 'missing';
      try {
        await requireDogRecord(ctx.db, user, media, 'read', MEDIA_WORDING);
        return 'allow';
      } catch (err) {
        if (err instanceof AppError && err.status === 403) return 'forbidden';
        throw err;
      }
    },
  },
];
