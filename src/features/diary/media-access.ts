import { MEDIA_NAME_PATTERN } from '../../core/media/storage.js';
import type { MediaRule } from '../../core/media/serve.js';
import { findMediaOwnerByUrl } from './media.repo.js';

/** Diary photos and previews are private: only the owner of the dog (through the media row) sees them. */
export const diaryMediaRules: MediaRule[] = [
  {
    kind: 'diary',
    pattern: new RegExp(`^/media/u/\\d+/dogs/\\d+/diary/${MEDIA_NAME_PATTERN}(?:_preview\\.webp|\\.jpg|\\.webp)$`),
    async canRead(ctx, user, url) {
      const owner = await findMediaOwnerByUrl(ctx.db, url.endsWith('_preview.webp') ? 'preview_url' : 'url', url);
      if (owner === undefined) return 'missing';
      return owner === user.id ? 'allow' : 'forbidden';
    },
  },
];
