import type { Config } from '../../config.js';
import type { Logger } from '../../logger.js';
import { LocalMediaStore } from './local-store.js';
import type { MediaStore } from './media-store.js';
import { S3MediaStore } from './s3-store.js';

export * from './media-store.js';
export { LocalMediaStore } from './local-store.js';
export { S3MediaStore } from './s3-store.js';

/** The configured driver (MEDIA_STORAGE): the local folder by default, an S3-compatible store for several instances. */
export function createMediaStore(config: Config, log: Logger): MediaStore {
  const { media } = config;
  return media.driver === 's3' ? new S3MediaStore(media.s3, log) : new LocalMediaStore(config.mediaDir);
}
