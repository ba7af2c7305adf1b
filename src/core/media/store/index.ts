import type { Config } from '../../config.js';
import type { Logger } from '../../logger.js';
import { configureImages } from '../images.js';
import { LocalMediaStore } from './local-store.js';
import type { ByteRange, FileToStore, MediaStore, StoredEntry, StoredInfo } from './media-store.js';
import { S3MediaStore, type S3Settings } from './s3-store.js';

export * from './media-store.js';
export { LocalMediaStore } from './local-store.js';

/** The configured driver (MEDIA_STORAGE): the local folder by default, an S3-compatible store for several instances. */
export function createMediaStore(config: Config, log: Logger): MediaStore {
  // The image pipeline's limits (IMAGE_JOBS, IMAGE_THREADS) are process-wide like sharp's own settings; every
  // process that can take uploads makes its media store first.
  configureImages(config.images);
  const { media } = config;
  return media.driver === 's3' ? new LazyS3Store(media.s3, log) : new LocalMediaStore(config.mediaDir);
}

/** The s3 driver, made on first use (S3MediaStore.create loads the AWS SDK then). */
class LazyS3Store implements MediaStore {
  readonly driver = 's3';
  #store: Promise<S3MediaStore> | undefined;

  constructor(
    private readonly settings: S3Settings,
    private readonly log: Logger,
  ) {}

  #get(): Promise<S3MediaStore> {
    return (this.#store ??= S3MediaStore.create(this.settings, this.log));
  }

  async check(): Promise<void> {
    return (await this.#get()).check();
  }
  async putFiles(files: readonly FileToStore[]): Promise<void> {
    return (await this.#get()).putFiles(files);
  }
  async stat(key: string): Promise<StoredInfo | undefined> {
    return (await this.#get()).stat(key);
  }
  async read(key: string, range?: ByteRange) {
    return (await this.#get()).read(key, range);
  }
  async readBuffer(key: string): Promise<Buffer | undefined> {
    return (await this.#get()).readBuffer(key);
  }
  async remove(keys: readonly string[]): Promise<void> {
    return (await this.#get()).remove(keys);
  }
  async removePrefix(prefix: string): Promise<void> {
    return (await this.#get()).removePrefix(prefix);
  }
  async *list(prefix: string): AsyncIterable<StoredEntry> {
    yield* (await this.#get()).list(prefix);
  }
}
